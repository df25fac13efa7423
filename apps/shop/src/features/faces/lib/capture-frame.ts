import { coverCrop } from './cover-crop.ts';

/**
 * The frame a video shows now, as a JPEG data-URL: the part its box shows (see coverCrop), at the camera's
 * resolution, not mirrored (the preview is mirrored for the shopper; the photo is as others see them, so
 * the print on a shirt reads the right way). Null before the first frame or without a 2D canvas.
 */
export function captureFrame(video: HTMLVideoElement): string | null {
  if (!video.videoWidth || !video.videoHeight) return null;
  const crop = coverCrop(video.videoWidth, video.videoHeight, video.clientWidth / video.clientHeight);
  const canvas = document.createElement('canvas');
  canvas.width = crop.width;
  canvas.height = crop.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
  return canvas.toDataURL('image/jpeg', 0.92);
}
