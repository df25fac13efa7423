import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../../lib/api/api-context.tsx';
import { Toasts } from '../../../lib/toast/toasts.tsx';
import { face, fakeApi } from '../../../test/fake-api.ts';
import { installFakeCamera } from '../../../test/fake-camera.ts';
import { PhotoButtons } from './photo-buttons.tsx';

let camera: ReturnType<typeof installFakeCamera> | undefined;
afterEach(() => {
  camera?.uninstall();
  camera = undefined;
  Reflect.deleteProperty(document, 'featurePolicy');
  vi.restoreAllMocks();
});

const renderButtons = () => {
  const api = fakeApi({
    'GET /v1/shop/public': () => ({
      body: { suid: 's_1', name: 'Northwind', logo: '', url: '', currency: '', retention_days: 14 },
    }),
    'POST /v1/face/add': () => ({ status: 201, body: face('face_cam') }),
  });
  const onAdded = vi.fn();
  render(
    <ApiProvider client={api.client}>
      <PhotoButtons onAdded={onAdded} />
      <Toasts />
    </ApiProvider>,
  );
  return { api, onAdded };
};
/** The buttons once the shopper agreed to what happens to their photo. */
const renderAgreed = async () => {
  const rendered = renderButtons();
  const agree = screen.getByRole('button', { name: 'I agree, add my photo' }) as HTMLButtonElement;
  // The wording names the shop's retention period: the button waits for it.
  await waitFor(() => expect(agree.disabled).toBe(false));
  fireEvent.click(agree);
  return rendered;
};

describe('photo buttons', () => {
  it('says what happens to the photo and asks to agree before the first one, then remembers it', async () => {
    camera = installFakeCamera();
    renderButtons();
    await waitFor(() =>
      expect(screen.getByTestId('photo-consent').textContent).toContain(
        'deleted automatically 14 days after you add it',
      ),
    );
    expect(screen.queryByText('Upload a photo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'I agree, add my photo' }));
    expect(screen.getByText('Upload a photo')).toBeTruthy();
    expect(localStorage.getItem('photoConsent')).toBe('2');
    cleanup();
    renderButtons();
    expect(screen.queryByTestId('photo-consent')).toBeNull();
  });

  it('takes a photo with the camera and uploads the shot as camera-image.jpg', async () => {
    camera = installFakeCamera();
    const { api, onAdded } = await renderAgreed();
    await userEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    const capture = screen.getByRole('button', { name: 'Take photo' }) as HTMLButtonElement;
    await waitFor(() => expect(capture.disabled).toBe(false));
    await userEvent.click(capture);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('face_cam'));
    const body = api.calls.find((c) => c.path === '/v1/face/add')?.body as FormData | undefined;
    const file = body?.get('file') as File;
    expect([file.name, file.type]).toEqual(['camera-image.jpg', 'image/jpeg']);
    expect(new Uint8Array(await file.arrayBuffer()).subarray(0, 3)).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(camera.track.stop).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('toast')).textContent).toContain('Photo added');
  });

  it('offers only the upload in a frame the shop did not allow the camera (allow="camera")', async () => {
    camera = installFakeCamera();
    Object.defineProperty(document, 'featurePolicy', {
      value: { allowsFeature: () => false },
      configurable: true,
    });
    await renderAgreed();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull();
    expect(screen.getByText('Upload a photo')).toBeTruthy();
  });

  it('offers only the upload where the browser has no camera to give (an insecure page)', () => {
    renderButtons();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull();
  });

  it('closes the camera with a message when it is refused', async () => {
    camera = installFakeCamera({ refuse: 'NotAllowedError' });
    await renderAgreed();
    await userEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Camera access was refused');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
