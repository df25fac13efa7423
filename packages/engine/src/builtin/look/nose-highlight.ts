import type { OpenCv } from '../worker/opencv.ts';
import { blurred } from './match-colour.ts';
import type { Region } from './warp-triangles.ts';

/** A nose lighter than the skin round it by more than this (Lab lightness) holds a highlight. */
const ALLOWED = 6;
/** The share of the excess taken off. */
const SOFTEN = 0.6;
/** The skin round the nose is read over this blur, a share of the face width. */
const AROUND = 0.08;

/**
 * Softens a highlight on the shopper's nose (`lab`, changed in place): a sunlit or shiny nose carried into a
 * model's face lit some other way stays a bright patch, as the light carried over is only the face's broad
 * light (coarser than the nose). Over the nose, lightness above the skin round it (a blur of the face's skin
 * and nose, normalised by its coverage) by more than ALLOWED loses SOFTEN of the excess, fading in over the
 * nose's edge, and its hue moves toward the skin's alike; the nose's own shading (its sides darker) is kept.
 */
export function softenNoseHighlight(
  cv: OpenCv,
  lab: Float32Array,
  masks: { nose: Uint8Array; skin: Uint8Array },
  region: Region,
  faceWidth: number,
): void {
  const n = masks.nose.length;
  const reading = new Float32Array(n);
  const channels = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let i = 0; i < n; i++) {
    if (!masks.skin[i] && !masks.nose[i]) continue;
    reading[i] = 1;
    for (let c = 0; c < 3; c++) (channels[c] as Float32Array)[i] = lab[i * 3 + c] ?? 0;
  }
  const sigma = Math.max(2, faceWidth * AROUND);
  const around = channels.map((values) => blurred(cv, region, values, sigma));
  const weight = blurred(cv, region, reading, sigma);
  const inside = blurred(cv, region, Float32Array.from(masks.nose), Math.max(1, faceWidth * 0.015));
  for (let i = 0; i < n; i++) {
    const k = Math.min(1, inside[i] ?? 0);
    const w = weight[i] ?? 0;
    if (k < 0.02 || w < 0.05) continue;
    const l = lab[i * 3] ?? 0;
    const excess = l - (around[0]?.[i] ?? 0) / w - ALLOWED;
    if (excess <= 0) continue;
    lab[i * 3] = l - SOFTEN * excess * k;
    // A sunlit highlight is the light's colour too (a warm sun on a pale face): its hue goes the same way,
    // toward the skin's round it, the more the brighter it stood out.
    const toward = SOFTEN * k * Math.min(1, excess / ALLOWED);
    for (let c = 1; c < 3; c++) {
      const v = lab[i * 3 + c] ?? 0;
      lab[i * 3 + c] = v + ((around[c]?.[i] ?? 0) / w - v) * toward;
    }
  }
}
