import { useT } from '../lib/i18n/i18n.ts';

export function Spinner(props: { label?: string }) {
  const { t } = useT();
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{props.label ?? t('common.loading')}</span>
    </div>
  );
}
