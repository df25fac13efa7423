/** A grey mask over a photo: 0 nothing, 255 fully; soft values at edges. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A box in pixels, clipped to the photo when it comes from one. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box all `boxes` cover. */
export function boundingBox(boxes: readonly Box[]): Box {
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** `box` cut to `bounds` (empty, 0 wide or high, when they do not meet). */
export function clipBox(box: Box, bounds: Box): Box {
  const left = Math.max(box.left, bounds.left);
  const top = Math.max(box.top, bounds.top);
  const right = Math.min(box.left + box.width, bounds.left + bounds.width);
  const bottom = Math.min(box.top + box.height, bounds.top + bounds.height);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

export const emptyMask = (width: number, height: number): Mask => ({
  data: new Uint8Array(width * height),
  width,
  height,
});
