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

/**
 * The box round the pixels of a grid `width` wide whose value is above `above` (a mask, a coverage, the
 * pixels marked for a step); 0 wide and high when none is.
 */
export function boxAbove(values: ArrayLike<number>, width: number, above: number): Box {
  const height = Math.floor(values.length / width);
  let left = width;
  let right = 0;
  let top = height;
  let bottom = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if ((values[row + x] ?? 0) <= above) continue;
      if (x < left) left = x;
      if (x >= right) right = x + 1;
      if (y < top) top = y;
      bottom = y + 1;
    }
  }
  return right > left
    ? { left, top, width: right - left, height: bottom - top }
    : { left: 0, top: 0, width: 0, height: 0 };
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
