import type { BodyFrame } from '../fit/body-frame.ts';
import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { rgbToLab } from '../image/rgb-to-lab.ts';
import { type BodyParts, TORSO_AND_LEGS } from './body-parts.ts';

/** The top's colour is read over this band of the torso (shares of its length from the shoulders). */
const CHEST = { from: 0.3, to: 0.55 } as const;
/** The legs' clothes are read over this band between the hips and the knees (shares of that length). */
const THIGHS = { from: 0.5, to: 0.95 } as const;
/** Below the knees the shins are read this far (a share of the thigh's length), when the thighs wear the top. */
const SHINS = 0.9;
/** Below this share of the torso the top may end (a cropped top above it is not told apart). */
const SEARCH_FROM = 0.6;
/** Colours closer than this (CIE76 in Lab) cannot be told apart: one outfit, a dress, a jumpsuit. */
const DISTINCT = 15;
/** Rows in a row that must read as the legs' clothes before the top counts as ended. */
const RUN = 4;

/**
 * Where the clothes of the upper body end, as a depth down the body's axis (pixels below the shoulders'
 * middle): a blazer or a long shirt that hangs over the hips hides a new skirt's or trousers' waist, so
 * the new garment must go on under it, not over it. Read along the body from the chest to the knees: each
 * row's median colour (body pixels only, arms and hands left out) is compared with the top's (chest) and
 * with what the legs wear (the thighs, or the shins when the thighs wear the top's colour); the top ends
 * where the rows turn to the legs' colour for good. Null when the knees are not seen below the hips or the
 * colours cannot be told apart (a dress, a one-colour outfit).
 */
export function topHem(
  photo: Raster,
  frame: BodyFrame,
  knees: Point,
  parts: BodyParts,
  isSkin: (r: number, g: number, b: number) => boolean,
): number | null {
  const kneeDepth = frame.depthOf(knees);
  const hipDepth = frame.torsoLength;
  if (kneeDepth < hipDepth * 1.15) return null;
  const rows = new Map<number, [number, number, number]>();
  const row = (depth: number): [number, number, number] | null => {
    const d = Math.round(depth);
    if (!rows.has(d)) {
      const colour = rowColour(photo, frame, parts, d, isSkin);
      if (colour) rows.set(d, colour);
    }
    return rows.get(d) ?? null;
  };
  const band = (from: number, to: number): [number, number, number] | null => {
    const seen: [number, number, number][] = [];
    for (let d = from; d <= to; d += 2) {
      const colour = row(d);
      if (colour) seen.push(colour);
    }
    return seen.length >= 3 ? medianColour(seen) : null;
  };
  const top = band(hipDepth * CHEST.from, hipDepth * CHEST.to);
  if (!top) return null;
  const thigh = kneeDepth - hipDepth;
  let legs = band(hipDepth + thigh * THIGHS.from, hipDepth + thigh * THIGHS.to);
  let end = kneeDepth;
  if (!legs || distance(top, legs) < DISTINCT) {
    // The thighs wear the top's colour: a long top (a blazer, a coat) shows its end above the shins, a
    // dress or a one-colour outfit does not.
    legs = band(kneeDepth, kneeDepth + thigh * SHINS);
    end = kneeDepth + thigh * SHINS;
  }
  if (!legs || distance(top, legs) < DISTINCT) return null;
  // A row counts as the legs' when it is within a third of the way from their colour to the top's: hands held in
  // front or a belt, neither colour, do not end the top.
  const near = distance(top, legs) / 3;
  let run = 0;
  let start = 0;
  for (let d = hipDepth * SEARCH_FROM; d <= end; d += 2) {
    const colour = row(d);
    if (!colour) continue;
    if (distance(colour, legs) < near) {
      if (run === 0) start = d;
      if (++run >= RUN) return start;
    } else {
      run = 0;
    }
  }
  return end;
}

/**
 * The median Lab colour of the body's clothes across one row, within a span of the axis: torso and leg
 * pixels, skin left out (hands held in front, a bare midriff or legs are neither top nor trousers).
 */
function rowColour(
  photo: Raster,
  frame: BodyFrame,
  parts: BodyParts,
  depth: number,
  isSkin: (r: number, g: number, b: number) => boolean,
): [number, number, number] | null {
  const reach = Math.round(frame.span * 0.6);
  const rgb: number[] = [];
  for (let o = -reach; o <= reach; o += 2) {
    const q = frame.at(depth, o);
    const x = Math.round(q.x);
    const y = Math.round(q.y);
    if (x < 0 || y < 0 || x >= photo.width || y >= photo.height) continue;
    const i = y * photo.width + x;
    if (!TORSO_AND_LEGS.includes(parts.labels[i] ?? 0)) continue;
    const [r, g, b] = [photo.data[i * 3] ?? 0, photo.data[i * 3 + 1] ?? 0, photo.data[i * 3 + 2] ?? 0];
    if (!isSkin(r, g, b)) rgb.push(r, g, b);
  }
  if (rgb.length < 3 * 6) return null;
  const lab = rgbToLab(Float32Array.from(rgb));
  const colours: [number, number, number][] = [];
  for (let k = 0; k < lab.length; k += 3) colours.push([lab[k] ?? 0, lab[k + 1] ?? 0, lab[k + 2] ?? 0]);
  return medianColour(colours);
}

function medianColour(colours: [number, number, number][]): [number, number, number] {
  const channel = (c: 0 | 1 | 2): number => {
    const values = colours.map((q) => q[c]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  return [channel(0), channel(1), channel(2)];
}

function distance(a: [number, number, number], b: [number, number, number]): number {
  return Math.sqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2);
}
