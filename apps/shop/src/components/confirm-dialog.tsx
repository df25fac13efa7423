import { useEffect, useRef } from 'react';
import { useT } from '../lib/i18n/i18n.ts';

/** A modal question with a confirm and a cancel button (the browser's own dialog: focus and Escape work). */
export function ConfirmDialog(props: {
  open: boolean;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal?.();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="dialog" onClose={props.onClose} aria-label={props.text}>
      <p className="dialog-text">{props.text}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
