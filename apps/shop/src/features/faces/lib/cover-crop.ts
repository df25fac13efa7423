export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of a `width` x `height` camera frame that a box of `boxAspect` (width / height) shows with
 * `object-fit: cover`: the shot keeps what the shopper framed in the preview, not the sides of a landscape
 * webcam they never saw. Aspects within 1% keep the whole frame (the box's size is rounded to pixels).
 */
export function coverCrop(width: number, height: number, boxAspect: number): Crop {
  const whole = { x: 0, y: 0, width, height };
  if (!(boxAspect > 0 && Number.isFinite(boxAspect)) || !(width > 0) || !(height > 0)) return whole;
  const frameAspect = width / height;
  if (Math.abs(frameAspect - boxAspect) / boxAspect < 0.01) return whole;
  if (frameAspect > boxAspect) {
    const cropWidth = Math.round(height * boxAspect);
    return { x: Math.round((width - cropWidth) / 2), y: 0, width: cropWidth, height };
  }
  const cropHeight = Math.round(width / boxAspect);
  return { x: 0, y: Math.round((height - cropHeight) / 2), width, height: cropHeight };
}
