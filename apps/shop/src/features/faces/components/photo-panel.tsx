import type { Face } from '@tryon/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { errorText } from '../../../lib/api/error-text.ts';
import { useMutation } from '../../../lib/api/use-query.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { usePhotoConsent } from '../../../lib/storage/photo-consent.ts';
import { notify } from '../../../lib/toast/toast-store.ts';
import { removeEverything, removeFace } from '../api/faces-api.ts';
import { PhotoButtons } from './photo-buttons.tsx';
import { StorageNotice } from './storage-notice.tsx';

/**
 * The shopper's photos: pick one, add one with the camera or from a file, remove one (with what was made from
 * it, after a question).
 */
export function PhotoPanel(props: {
  faces: readonly Face[];
  loading: boolean;
  selected: string | null;
  onSelect: (fuid: string | null) => void;
  /** After everything of the shopper was deleted: the page forgets the result it shows. */
  onRemovedAll?: () => void;
}) {
  const { t } = useT();
  const [remove] = useMutation(removeFace);
  const [removeAll, removeAllState] = useMutation(removeEverything);
  const [removing, setRemoving] = useState<string | null>(null);
  const [wiping, setWiping] = useState(false);
  const consent = usePhotoConsent();
  const { onSelect, onRemovedAll } = props;

  const confirmRemoveAll = async () => {
    const result = await removeAll(null);
    if (result.error) return notify('error', errorText(result.error));
    notify('success', t('consent.removedAll'));
    onSelect(null);
    onRemovedAll?.();
  };

  const confirmRemove = async (fuid: string) => {
    const result = await remove(fuid);
    if (result.error) return notify('error', errorText(result.error));
    notify('success', t('photo.removed'));
    if (props.selected === fuid) onSelect(null);
  };

  return (
    <section className="panel" aria-labelledby="photo-title">
      <h2 id="photo-title" className="panel-title">
        {t('photo.title')}
      </h2>
      {props.faces.length === 0 && !props.loading && <p className="hint">{t('photo.empty')}</p>}
      {props.faces.length > 0 && (
        <ul className="thumbs" aria-label={t('photo.title')}>
          {props.faces.map((face) => (
            <li key={face.fuid} className="thumb-item">
              <button
                type="button"
                className={`thumb ${props.selected === face.fuid ? 'thumb-on' : ''}`}
                aria-pressed={props.selected === face.fuid}
                aria-label={t('photo.select')}
                onClick={() => onSelect(face.fuid)}
                data-testid="face-thumb"
              >
                <ItemImage src={face.image} size="thumb" alt={t('photo.alt')} />
              </button>
              <button
                type="button"
                className="thumb-remove"
                aria-label={t('photo.remove')}
                onClick={() => setRemoving(face.fuid)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <StorageNotice />
      <PhotoButtons onAdded={onSelect} testId="photo-input" />
      <p className="hint">{t('photo.hint')}</p>
      {consent.agreed && (
        <button
          type="button"
          className="btn-link-danger"
          disabled={removeAllState.isLoading}
          onClick={() => setWiping(true)}
          data-testid="remove-everything"
        >
          {t('consent.removeAll')}
        </button>
      )}
      <ConfirmDialog
        open={wiping}
        text={t('consent.removeAllConfirm')}
        confirmLabel={t('common.remove')}
        onClose={() => setWiping(false)}
        onConfirm={() => void confirmRemoveAll()}
      />
      <ConfirmDialog
        open={removing !== null}
        text={t('photo.removeConfirm')}
        confirmLabel={t('common.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && void confirmRemove(removing)}
      />
    </section>
  );
}
