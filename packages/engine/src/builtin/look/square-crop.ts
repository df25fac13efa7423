import sharp from 'sharp';
import type { Raster } from '../image/raster.ts';
import type { SquareBox } from './head-box.ts';

/**
 * A square of the photo scaled to `side` x `side` RGB, where the square may run past the photo's edges: the
 * part outside is black. A face that fills the photo is only meshed well with room around it.
 */
export async function squareCrop(image: Raster, box: SquareBox, side: number): Promise<Uint8Array> {
  const k = side / box.size;
  const left = Math.max(0, Math.floor(box.left));
  const top = Math.max(0, Math.floor(box.top));
  const right = Math.min(image.width, Math.ceil(box.left + box.size));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.size));
  const raw = { raw: { width: image.width, height: image.height, channels: image.channels } };
  const width = Math.max(1, Math.min(side, Math.round((right - left) * k)));
  const height = Math.max(1, Math.min(side, Math.round((bottom - top) * k)));
  const part = await sharp(image.data, raw)
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const x = Math.max(0, Math.min(side - width, Math.round((left - box.left) * k)));
  const y = Math.max(0, Math.min(side - height, Math.round((top - box.top) * k)));
  const out = new Uint8Array(side * side * 3);
  for (let row = 0; row < height; row++) {
    out.set(part.subarray(row * width * 3, (row + 1) * width * 3), ((y + row) * side + x) * 3);
  }
  return out;
}
