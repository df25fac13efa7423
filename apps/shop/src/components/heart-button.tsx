import { useT } from '../lib/i18n/i18n.ts';

/** A like toggle: a heart, filled when liked, with its state for screen readers. */
export function HeartButton(props: {
  liked: boolean;
  busy?: boolean;
  onToggle: () => void;
  className?: string;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      className={`heart ${props.liked ? 'heart-on' : ''} ${props.className ?? ''}`}
      aria-pressed={props.liked}
      aria-label={props.liked ? t('common.unlike') : t('common.like')}
      disabled={props.busy}
      onClick={props.onToggle}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.2 0 3.6 1.2 5.2 3 1.6-1.8 3-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
          fill={props.liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}
