import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { captureFrame } from '../lib/capture-frame.ts';
import { CameraIcon } from './photo-icons.tsx';

/** Refusals the shopper can undo in the browser's settings; anything else means no usable camera. */
const REFUSALS = new Set(['NotAllowedError', 'SecurityError']);

/**
 * The camera in a modal: a live preview (a front camera mirrored, as people expect of a selfie) and a button
 * that takes what the preview shows as a JPEG data-URL. The camera is released when the dialog goes, however
 * it goes. A refusal or a missing camera closes it with a message.
 */
export function CameraDialog(props: {
  onShot: (dataUrl: string) => void;
  onClose: (problem?: string) => void;
}) {
  const { t } = useT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [mirrored, setMirrored] = useState(true);
  const { onClose } = props;

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal?.();
    let stream: MediaStream | undefined;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 1706 } },
        audio: false,
      })
      .then((s) => {
        stream = s;
        const element = video.current;
        if (cancelled || !element) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        // A device with only a rear camera gets it as it is: mirroring would show the room backwards.
        setMirrored(s.getVideoTracks()[0]?.getSettings?.().facingMode !== 'environment');
        element.srcObject = s;
        return element.play().then(() => {
          if (!cancelled) setReady(true);
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const name = typeof error === 'object' && error && 'name' in error ? String(error.name) : '';
        onClose(REFUSALS.has(name) ? t('camera.denied') : t('camera.unavailable'));
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onClose, t]);

  const shoot = () => {
    const shot = video.current && captureFrame(video.current);
    if (shot) props.onShot(shot);
  };

  return (
    <dialog ref={dialog} className="dialog camera" aria-labelledby={titleId} onClose={() => onClose()}>
      <h2 id={titleId} className="dialog-title">
        {t('camera.title')}
      </h2>
      <div className="camera-frame">
        <video
          ref={video}
          className={mirrored ? 'camera-video camera-mirrored' : 'camera-video'}
          playsInline
          muted
          data-testid="camera-preview"
        />
        {!ready && (
          <span className="camera-wait" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('camera.starting')}
          </span>
        )}
      </div>
      <p className="hint camera-hint">{t('photo.hint')}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={() => onClose()}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={!ready} onClick={shoot}>
          <CameraIcon /> {t('camera.capture')}
        </button>
      </div>
    </dialog>
  );
}
