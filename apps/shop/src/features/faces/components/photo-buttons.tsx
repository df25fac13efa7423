import { useCallback, useState } from 'react';
import { useQuery } from '../../../lib/api/use-query.ts';
import { emitToHost } from '../../../lib/embed/host-bridge.ts';
import { formatPeriod } from '../../../lib/i18n/format-period.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { usePhotoConsent } from '../../../lib/storage/photo-consent.ts';
import { notify } from '../../../lib/toast/toast-store.ts';
import { publicShopQuery } from '../../shop/api/shop-api.ts';
import { useAddPhoto } from '../hooks/use-add-photo.ts';
import { cameraSupported } from '../lib/camera-supported.ts';
import { CameraDialog } from './camera-dialog.tsx';
import { CameraIcon, UploadIcon } from './photo-icons.tsx';

/**
 * The two ways to add the shopper's photo: the camera (where the browser allows it here) and a file. While the
 * photo uploads, they give way to a spinner. Before the shopper agrees to the photo wording they show it, unless
 * `askConsent` is false: a page asks in one place only (its photo panel), not again on its empty stage.
 */
export function PhotoButtons(props: {
  onAdded: (fuid: string) => void;
  testId?: string;
  askConsent?: boolean;
}) {
  const { t, lang } = useT();
  const { addPhoto, busy } = useAddPhoto();
  // The page's shop (the header's query, shared): how long photos are kept, which the wording names.
  const shop = useQuery(publicShopQuery, null);
  const [camera, setCamera] = useState(false);
  const consent = usePhotoConsent();
  const { onAdded } = props;

  const add = async (input: unknown) => {
    const fuid = await addPhoto(input);
    if (!fuid) return;
    onAdded(fuid);
    emitToHost({ type: 'photo.added', detail: { fuid } });
  };
  const closeCamera = useCallback((problem?: string) => {
    setCamera(false);
    if (problem) notify('warning', problem);
  }, []);

  if (busy)
    return (
      <p className="actions uploading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('photo.uploading')}
      </p>
    );
  if (!consent.agreed && props.askConsent === false) return null;
  if (!consent.agreed)
    return (
      <div className="consent" data-testid="photo-consent">
        <p>
          {shop.data
            ? t('consent.text', { period: formatPeriod(shop.data.retention_days, lang) })
            : t('common.loading')}
        </p>
        <button type="button" className="btn btn-primary" onClick={consent.agree} disabled={!shop.data}>
          {t('consent.agree')}
        </button>
      </div>
    );
  return (
    <div className="actions">
      {cameraSupported() && (
        <button type="button" className="btn btn-ghost" onClick={() => setCamera(true)}>
          <CameraIcon /> {t('photo.take')}
        </button>
      )}
      <label className="btn btn-ghost">
        <UploadIcon /> {t('photo.upload')}
        <input
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/*"
          data-testid={props.testId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void add(file);
          }}
        />
      </label>
      {camera && (
        <CameraDialog
          onClose={closeCamera}
          onShot={(dataUrl) => {
            setCamera(false);
            void add(dataUrl);
          }}
        />
      )}
    </div>
  );
}
