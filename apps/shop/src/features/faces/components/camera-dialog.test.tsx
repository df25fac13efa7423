import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCamera, SHOT_URL } from '../../../test/fake-camera.ts';
import { CameraDialog } from './camera-dialog.tsx';

let camera: ReturnType<typeof installFakeCamera> | undefined;
afterEach(() => {
  camera?.uninstall();
  vi.restoreAllMocks();
});

const open = (options: Parameters<typeof installFakeCamera>[0] = {}) => {
  camera = installFakeCamera(options);
  const onShot = vi.fn();
  const onClose = vi.fn();
  const view = render(<CameraDialog onShot={onShot} onClose={onClose} />);
  return { onShot, onClose, view };
};
const captureButton = () => screen.getByRole('button', { name: 'Take photo' }) as HTMLButtonElement;

describe('camera dialog', () => {
  it('asks for the front camera, and lets the shopper shoot once the preview plays', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Take a photo' });
    expect(dialog.textContent).toContain('Starting the camera…');
    expect(captureButton().disabled).toBe(true);
    await waitFor(() => expect(captureButton().disabled).toBe(false));
    expect(camera?.getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }), audio: false }),
    );
    expect(dialog.textContent).not.toContain('Starting the camera…');
    expect(screen.getByTestId('camera-preview').className).toContain('camera-mirrored');
  });

  it('takes what the preview shows: the middle 3:4 of a landscape webcam, unmirrored', async () => {
    const { onShot } = open({ width: 1280, height: 720 });
    await waitFor(() => expect(captureButton().disabled).toBe(false));
    await userEvent.click(captureButton());
    expect(camera?.drawImage).toHaveBeenCalledWith(expect.anything(), 370, 0, 540, 720, 0, 0, 540, 720);
    expect(onShot).toHaveBeenCalledWith(SHOT_URL);
  });

  it('shows a rear camera as it is', async () => {
    open({ facingMode: 'environment' });
    await waitFor(() => expect(captureButton().disabled).toBe(false));
    expect(screen.getByTestId('camera-preview').className).not.toContain('camera-mirrored');
  });

  it('releases the camera when it closes', async () => {
    const { onClose, view } = open();
    await waitFor(() => expect(captureButton().disabled).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith();
    expect(camera?.track.stop).not.toHaveBeenCalled();
    view.unmount();
    expect(camera?.track.stop).toHaveBeenCalledTimes(1);
  });

  it('releases a camera that answers after the dialog went', async () => {
    camera = installFakeCamera();
    let answer: (stream: MediaStream) => void = () => {};
    const stream = await camera.getUserMedia();
    camera.getUserMedia.mockReturnValueOnce(new Promise<MediaStream>((resolve) => (answer = resolve)));
    const view = render(<CameraDialog onShot={vi.fn()} onClose={vi.fn()} />);
    view.unmount();
    await act(async () => answer(stream));
    expect(camera.track.stop).toHaveBeenCalledTimes(1);
  });

  it('says the camera was refused, and what to do', async () => {
    const { onClose } = open({ refuse: 'NotAllowedError' });
    await waitFor(() =>
      expect(onClose).toHaveBeenCalledWith(
        'Camera access was refused. Allow it in your browser, or upload a photo.',
      ),
    );
  });

  it('says there is no camera to use when there is none', async () => {
    const { onClose } = open({ refuse: 'NotFoundError' });
    await waitFor(() =>
      expect(onClose).toHaveBeenCalledWith('The camera is not available here. Upload a photo instead.'),
    );
  });
});
