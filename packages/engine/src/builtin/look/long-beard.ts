import type { Point } from '../geometry/point.ts';
import { dist, norm } from '../geometry/point.ts';
import { lumaAt, type Raster } from '../image/raster.ts';
import { rgbToLab } from '../image/rgb-to-lab.ts';
import { percentile } from '../image/statistics.ts';
import { FACE_PARTS, LANDMARK } from './face-parts.ts';

const { lowerLip: LOWER_LIP, chin: CHIN, betweenEyes: BETWEEN_EYES } = LANDMARK;
/** A bearded chin is this much darker (Lab lightness) than the cheeks and nose. */
const BEARD_DARKER = 15;
/**
 * Below the chin, along the face's axis, as shares of the eyes-to-chin length: where a long beard hangs. A
 * short beard's neck in deep shade can pass for beard near the chin, but not down to the collar (0.6).
 */
const BELOW = [0.3, 0.45, 0.6] as const;
/** Each place is read in a disc of this share of the face width. */
const RADIUS = 0.08;
/** A beard's colour: within this Lab distance of the chin's. */
const SAME_COLOUR = 15;
/**
 * Hair is coarse: mean local contrast (each pixel against the mean of its neighbourhood, over the mean
 * lightness) at least this. A neck in shade, as dark as a beard, is smooth (0.03-0.04 on the shipped
 * portraits; the long beard 0.09-0.12).
 */
const HAIRY = 0.07;
/** The neighbourhood of that contrast, as a share of the face width (hairs a face of 150 px shows). */
const GRAIN = 0.016;

/**
 * Whether the face wears a beard that hangs below the chin. The look carries the face down to the chin's
 * outline (the mesh ends there), so such a beard would be cut straight across on the model's jaw. Read in the
 * face photo: the chin is much darker than the cheeks, and below it, along the face's axis, there is more of
 * the same colour, coarse like hair (a neck in shade is as dark, but smooth).
 */
export function longBeard(image: Raster, mesh: readonly Point[]): boolean {
  const at = (i: number): Point => mesh[i] ?? { x: 0, y: 0 };
  const xs = mesh.map((p) => p.x);
  const faceWidth = Math.max(1, Math.max(...xs) - Math.min(...xs));
  const lip = at(LOWER_LIP);
  const chin = at(CHIN);
  const skinReads = FACE_PARTS.skinSamples.map((i) => disc(image, at(i), faceWidth * 0.07, faceWidth));
  const skin = skinReads.filter((r): r is Read => r !== null);
  const beard = disc(
    image,
    { x: (lip.x + chin.x) / 2, y: (lip.y + chin.y) / 2 },
    dist(chin, lip) * 0.35,
    faceWidth,
  );
  if (!beard || !skin.length) return false;
  const skinLight = percentile(
    skin.map((r) => r.lab[0]),
    0.5,
  );
  if (skinLight - beard.lab[0] < BEARD_DARKER) return false;
  const top = at(BETWEEN_EYES);
  const length = dist(chin, top) || 1;
  return BELOW.every((t) => {
    const centre = {
      x: chin.x + ((chin.x - top.x) / length) * length * t,
      y: chin.y + ((chin.y - top.y) / length) * length * t,
    };
    const below = disc(image, centre, faceWidth * RADIUS, faceWidth);
    if (!below) return false;
    const apart = Math.hypot(...below.lab.map((v, c) => v - (beard.lab[c] ?? 0)));
    return apart < SAME_COLOUR && below.grain >= HAIRY;
  });
}

interface Read {
  /** Median Lab. */
  lab: [number, number, number];
  /** Mean local contrast over mean lightness. */
  grain: number;
}

/** The median colour and the grain of a disc; null when it leaves the photo. */
function disc(image: Raster, c: Point, r: number, faceWidth: number): Read | null {
  if (c.x - r < 0 || c.y - r < 0 || c.x + r >= image.width || c.y + r >= image.height) return null;
  const near = Math.max(1, Math.round(faceWidth * GRAIN));
  const step = Math.max(1, Math.floor(r / 10));
  const channels: number[][] = [[], [], []];
  let contrast = 0;
  let light = 0;
  let n = 0;
  for (let y = Math.ceil(c.y - r); y <= c.y + r; y += step) {
    for (let x = Math.ceil(c.x - r); x <= c.x + r; x += step) {
      if (norm(x - c.x, y - c.y) > r) continue;
      const i = y * image.width + x;
      const lab = rgbToLab(Float32Array.from(image.data.subarray(i * 3, i * 3 + 3)));
      for (let k = 0; k < 3; k++) channels[k]?.push(lab[k] ?? 0);
      const l = lumaAt(image, i);
      contrast += Math.abs(l - boxMean(image, x, y, near));
      light += l;
      n++;
    }
  }
  if (!n) return null;
  return {
    lab: [
      percentile(channels[0] ?? [], 0.5),
      percentile(channels[1] ?? [], 0.5),
      percentile(channels[2] ?? [], 0.5),
    ],
    grain: contrast / Math.max(1, light),
  };
}

function boxMean(image: Raster, cx: number, cy: number, half: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, cy - half); y <= Math.min(image.height - 1, cy + half); y++) {
    for (let x = Math.max(0, cx - half); x <= Math.min(image.width - 1, cx + half); x++) {
      sum += lumaAt(image, y * image.width + x);
      n++;
    }
  }
  return n ? sum / n : 0;
}
