import { translate } from '../i18n/i18n.ts';
import { dismissToast, useToasts } from './toast-store.ts';

/** The toasts, top right, coloured by kind; errors are announced at once to screen readers. */
export function Toasts() {
  const toasts = useToasts();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span>{toast.text}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={translate('common.close')}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
