import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';

/** Whether this browser may ask for the camera here (a secure page, and a frame allowed to use it). */
export const cameraSupported = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The camera in a modal: a live preview (mirrored, as people expect of a selfie) and a button that takes the
 * shot as a JPEG data-URL. A refusal or a missing camera closes it with a message.
 */
export function CameraDialog(props: {
  onShot: (dataUrl: string) => void;
  onClose: (problem?: string) => void;
}) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const { onClose } = props;

  useEffect(() => {
    dialog.current?.showModal?.();
    let stream: MediaStream | undefined;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 1706 } },
        audio: false,
      })
      .then((s) => {
        stream = s;
        if (cancelled || !video.current) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = s;
        return video.current.play().then(() => setReady(true));
      })
      .catch((error: Error) => {
        if (cancelled) return;
        onClose(error.name === 'NotAllowedError' ? t('camera.denied') : t('camera.unavailable'));
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onClose, t]);

  const shoot = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    props.onShot(canvas.toDataURL('image/jpeg', 0.92));
  };

  return (
    <dialog ref={dialog} className="dialog camera" aria-label={t('camera.title')} onClose={() => onClose()}>
      <div className="camera-frame">
        <video ref={video} className="camera-video" playsInline muted />
        {!ready && <span className="camera-wait">{t('camera.starting')}</span>}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={() => onClose()}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={!ready} onClick={shoot}>
          {t('camera.capture')}
        </button>
      </div>
    </dialog>
  );
}
