import { useCallback, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/toast/toast-store.ts';
import { useAddPhoto } from '../hooks/use-add-photo.ts';
import { CameraDialog, cameraSupported } from './camera-dialog.tsx';

/**
 * The two ways to add the shopper's photo: the camera (where the browser allows it here) and a file. While the
 * photo uploads, they give way to a spinner.
 */
export function PhotoButtons(props: { onAdded: (fuid: string) => void; testId?: string }) {
  const { t } = useT();
  const { addPhoto, busy } = useAddPhoto();
  const [camera, setCamera] = useState(false);
  const { onAdded } = props;

  const add = async (input: unknown) => {
    const fuid = await addPhoto(input);
    if (fuid) onAdded(fuid);
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

const CameraIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="currentColor"
      d="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"
    />
  </svg>
);
const UploadIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="currentColor"
      d="M11 16V7.8L8.4 10.4 7 9l5-5 5 5-1.4 1.4L13 7.8V16h-2zm-6 4v-5h2v3h10v-3h2v5H5z"
    />
  </svg>
);
