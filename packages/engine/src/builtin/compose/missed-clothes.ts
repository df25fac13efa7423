import type { Raster } from '../image/raster.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import type { Mask } from '../person/mask.ts';
import { isHairAt } from './hair-mask.ts';
import { looksLikeOldTop, type Rgb } from './old-top.ts';

/**
 * The person's segmentation misses parts of bulky old clothes (the top of a hood, a coat's side turned away,
 * cloth close to the backdrop's brightness), so they are neither the old top nor the backdrop to the
 * clean-up: filled round, they stay as a strip of the old clothes beside the fill. From the pixels already
 * `marked` for the fill, this grows the mark into the pixels outside the silhouette that have the old top's
 * colour (`old`), up to `reach` pixels (4-connected steps) away, so the fill takes them too. The backdrop,
 * unlike the old top, stops it; hair and `hidden` pixels (what the garment covers) are not taken. A missed
 * piece of clothing is small: when the mark would take more than `most` pixels it has run into a backdrop
 * of the old top's colour (a black top before a dark room), and nothing is taken.
 */
export function growIntoMissedClothes(
  photo: Raster,
  parts: BodyParts,
  hair: Mask,
  hidden: Uint8Array,
  marked: Uint8Array,
  old: Rgb,
  reach: number,
  most: number,
): void {
  const { width: w, height: h } = parts;
  const seen = new Uint8Array(w * h);
  let queue = new Int32Array(w * h);
  let next = new Int32Array(w * h);
  let size = 0;
  for (let i = 0; i < w * h; i++) {
    if (!marked[i]) continue;
    seen[i] = 1;
    queue[size++] = i;
  }
  const taken: number[] = [];
  // Breadth first, a step a round: the mark goes `reach` steps out at most.
  for (let step = 1; step <= reach && size > 0; step++) {
    let count = 0;
    for (let k = 0; k < size; k++) {
      const i = queue[k] ?? 0;
      const x = i % w;
      for (let n = 0; n < 4; n++) {
        const j =
          n === 0 ? (x > 0 ? i - 1 : -1) : n === 1 ? (x < w - 1 ? i + 1 : -1) : n === 2 ? i - w : i + w;
        if (j < 0 || j >= w * h || seen[j]) continue;
        seen[j] = 1;
        if ((parts.labels[j] ?? 0) !== Part.background || hidden[j] || isHairAt(hair, j)) continue;
        if (!looksLikeOldTop(photo, j, old)) continue;
        taken.push(j);
        next[count++] = j;
      }
    }
    [queue, next] = [next, queue];
    size = count;
    if (taken.length > most) return;
  }
  for (const j of taken) marked[j] = 1;
}
