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

export const emptyMask = (width: number, height: number): Mask => ({
  data: new Uint8Array(width * height),
  width,
  height,
});
