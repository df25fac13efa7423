import { vi } from 'vitest';

/** A tiny valid JPEG (1x1), as the fake canvas's shot. */
export const SHOT_URL =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHSEaHRwcHSAfJCcoIR8sIyQeHzotLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

/**
 * A camera for component tests (happy-dom has none, and no 2D canvas): `navigator.mediaDevices` answering
 * `answer` (a stream of one track, or a refusal), a preview of `width` x `height` frames in a 300 x 400 box, and
 * a canvas that records what is drawn. Undone by vi.restoreAllMocks and `uninstall`.
 */
export function installFakeCamera(
  options: { width?: number; height?: number; facingMode?: string; refuse?: string } = {},
) {
  const track = { stop: vi.fn(), getSettings: () => ({ facingMode: options.facingMode ?? 'user' }) };
  // happy-dom's own MediaStream, which a video's srcObject insists on, with the one fake track.
  const stream = Object.assign(new MediaStream(), {
    getTracks: () => [track],
    getVideoTracks: () => [track],
  }) as unknown as MediaStream;
  const getUserMedia = vi.fn(() =>
    options.refuse ? Promise.reject(new DOMException('refused', options.refuse)) : Promise.resolve(stream),
  );
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  const proto = HTMLVideoElement.prototype;
  const names = ['videoWidth', 'videoHeight', 'clientWidth', 'clientHeight'];
  const own = names.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const);
  const size = (name: string, value: number) =>
    Object.defineProperty(proto, name, { get: () => value, configurable: true });
  size('videoWidth', options.width ?? 1280);
  size('videoHeight', options.height ?? 720);
  size('clientWidth', 300);
  size('clientHeight', 400);
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage,
  } as unknown as RenderingContext);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(SHOT_URL);
  return {
    track,
    getUserMedia,
    drawImage,
    uninstall() {
      Reflect.deleteProperty(navigator, 'mediaDevices');
      for (const [name, descriptor] of own)
        if (descriptor) Object.defineProperty(proto, name, descriptor);
        else Reflect.deleteProperty(proto, name);
    },
  };
}
