import { type Box, boundingBox } from '../person/mask.ts';
import type { BodyFrame } from './body-frame.ts';
import { emptyLayer, type Layer, layerAlpha } from './warp-layer.ts';

/** A slit at most this share of the shoulder span wide is closed (a hanging arm's sleeve lies on the side). */
const MAX_GAP = 0.12;
/** A layer covers a pixel from this alpha on. */
const COVERED = 128;

/**
 * The body's panel follows the torso's edge and each sleeve its arm's bone, each by a spline of its own, so
 * on an arm hanging against the body the armhole opens into a slit between the two, from the shoulder down
 * past the armpit, showing the old clothes (then painted skin) where a worn garment is sewn shut or its
 * sleeve lies against its side. Row by row below each shoulder seam (`seamY`, the person's sides), the run between the body layer's edge
 * and the sleeve's inner edge is closed when it is at most `MAX_GAP` of the span wide and all of it is
 * the person: where the backdrop shows between arm and body (a hand on the hip), the gap is real and stays
 * open. Each closed run takes the colours of its two edges, blended across it. Answers a layer of what was
 * closed, to be drawn under the sleeves, or null when nothing was.
 */
export function armGaps(
  body: Layer,
  sleeves: { left: Layer | null; right: Layer | null },
  seamY: { left: number; right: number },
  frame: BodyFrame,
): Layer | null {
  const maxGap = Math.max(2, Math.round(frame.span * MAX_GAP));
  const runs: { y: number; from: number; to: number; a: number[]; b: number[] }[] = [];
  for (const arm of ['left', 'right'] as const) {
    const sleeve = sleeves[arm];
    if (!sleeve) continue;
    // The person's left is `across`: in a front view the picture's right. A sleeve on the picture's left is
    // closed to the body's left edge.
    const onLeft = (arm === 'left') !== frame.across.x >= 0;
    const top = Math.max(Math.ceil(seamY[arm]), body.top, sleeve.top);
    const bottom = Math.min(body.top + body.height, sleeve.top + sleeve.height);
    for (let y = top; y < bottom; y++) {
      // The body's outer edge on the sleeve's side in this row.
      const edge = onLeft ? firstCovered(body, y, 1) : firstCovered(body, y, -1);
      if (edge === null) continue;
      const step = onLeft ? -1 : 1;
      // Out from the body's edge to the sleeve, through pixels neither covers, all of them the person.
      let x = edge + step;
      let width = 0;
      let reached = false;
      while (width <= maxGap) {
        if (layerAlpha(sleeve, x, y) >= COVERED) {
          reached = true;
          break;
        }
        if (layerAlpha(body, x, y) >= COVERED || !frame.isBody(x, y)) break;
        x += step;
        width++;
      }
      if (!reached || width === 0) continue;
      const from = Math.min(edge + step, x - step);
      const to = Math.max(edge + step, x - step);
      const bodyColour = colourAt(body, edge, y);
      const sleeveColour = colourAt(sleeve, x, y);
      // `a` at `from`, `b` at `to`.
      runs.push(
        onLeft
          ? { y, from, to, a: sleeveColour, b: bodyColour }
          : { y, from, to, a: bodyColour, b: sleeveColour },
      );
    }
  }
  if (runs.length === 0) return null;
  const box: Box = boundingBox(
    runs.map((r) => ({ left: r.from, top: r.y, width: r.to - r.from + 1, height: 1 })),
  );
  const out = emptyLayer(box);
  for (const run of runs) {
    const n = run.to - run.from + 2;
    for (let x = run.from; x <= run.to; x++) {
      const t = (x - run.from + 1) / n;
      const o = ((run.y - box.top) * box.width + (x - box.left)) * 4;
      for (let k = 0; k < 3; k++) out.rgba[o + k] = (run.a[k] ?? 0) * (1 - t) + (run.b[k] ?? 0) * t;
      out.rgba[o + 3] = 255;
    }
  }
  return out;
}

/** The first covered pixel of row `y` from the layer's left (`dir` 1) or right (-1) end, in photo x. */
function firstCovered(layer: Layer, y: number, dir: 1 | -1): number | null {
  const row = y - layer.top;
  if (row < 0 || row >= layer.height) return null;
  for (let i = 0; i < layer.width; i++) {
    const x = dir === 1 ? i : layer.width - 1 - i;
    if ((layer.rgba[(row * layer.width + x) * 4 + 3] ?? 0) >= COVERED) return layer.left + x;
  }
  return null;
}

function colourAt(layer: Layer, x: number, y: number): number[] {
  const o = ((y - layer.top) * layer.width + (x - layer.left)) * 4;
  return [layer.rgba[o] ?? 0, layer.rgba[o + 1] ?? 0, layer.rgba[o + 2] ?? 0];
}
