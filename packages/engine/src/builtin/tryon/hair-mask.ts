import type { Raster } from '../image/raster.ts';
import type { Pose } from '../pose/detect-pose.ts';
import type { Point } from '../pose/point.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { LayerBox } from './warp-garment.ts';

/**
 * GrabCut runs on the head-and-shoulders region scaled to this many pixels on its longer side, one iteration:
 * about 15 ms in OpenCV.js (96 px and two iterations took 60 ms). Hair is coarse enough for that.
 */
const WORK_SIDE = 72;
const ITERATIONS = 1;
/** Hair whose colour is this close to the face's (RGB distance) cannot be told from skin: none is kept. */
const MIN_HAIR_CONTRAST = 28;
/** A pixel this close to the face's mean colour is skin (a neck, a neckline), never hair. */
const SKIN_DISTANCE = 30;
/**
 * Hair in front of the garment hangs beside the neck, over the shoulders and the upper chest: between these
 * distances from the body's middle line, in shoulder spans, and down to this far below the shoulders.
 */
const HAIR_INNER = 0.1;
const HAIR_OUTER = 0.55;
const HAIR_DEPTH = 0.8;

/**
 * Hair in front of the garment (long hair over the shoulders), as a mask over the layer box (255 = hair).
 * GrabCut on the head and shoulders, seeded from the keypoints: the top of the head is hair; the face, the
 * middle of the chest and the background beside the head are not. What it finds is kept only where it
 * hangs together with the top of the head, and never in the middle of the neckline, where skin is likelier.
 */
export function hairMask(
  cv: OpenCv,
  person: Raster,
  pose: Pose,
  box: LayerBox,
  span: number,
): Uint8Array | null {
  const p = pose.points;
  const eyes = [p.leftEye, p.rightEye].filter((q): q is Point & { score: number } => Boolean(q));
  const head = [p.nose, ...eyes, p.leftEar, p.rightEar].filter((q): q is Point & { score: number } =>
    Boolean(q),
  );
  const { leftShoulder: ls, rightShoulder: rs } = p;
  if (eyes.length === 0 || head.length < 2 || !ls || !rs) return null;
  const headX = mean(head.map((q) => q.x));
  const eyeY = mean(eyes.map((q) => q.y));
  const neckX = (ls.x + rs.x) / 2;
  const shoulderY = (ls.y + rs.y) / 2;

  const x0 = clamp(Math.floor(headX - 1.1 * span), 0, person.width);
  const x1 = clamp(Math.ceil(headX + 1.1 * span), 0, person.width);
  const y0 = clamp(Math.floor(eyeY - 0.5 * span), 0, person.height);
  const y1 = clamp(Math.ceil(shoulderY + 1.1 * span), 0, person.height);
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  const f = Math.min(1, WORK_SIDE / Math.max(x1 - x0, y1 - y0));
  const w = Math.max(2, Math.round((x1 - x0) * f));
  const h = Math.max(2, Math.round((y1 - y0) * f));
  // Work-image coordinates of a photo point, and a span in work pixels.
  const wx = (x: number): number => (x - x0) * f;
  const wy = (y: number): number => (y - y0) * f;
  const s = span * f;

  const mats: Mat[] = [];
  const keep = <T extends Mat>(m: T): T => {
    mats.push(m);
    return m;
  };
  try {
    const roi = keep(new cv.Mat(y1 - y0, x1 - x0, cv.CV_8UC3));
    const roiData = roi.data;
    for (let y = y0; y < y1; y++) {
      const row = person.data.subarray((y * person.width + x0) * 3, (y * person.width + x1) * 3);
      roiData.set(row, (y - y0) * (x1 - x0) * 3);
    }
    const img = keep(new cv.Mat());
    cv.resize(roi, img, new cv.Size(w, h), 0, 0, cv.INTER_AREA);

    const labels = keep(new cv.Mat(h, w, cv.CV_8UC1, new cv.Scalar(cv.GC_PR_BGD)));
    const rect = (ax: number, ay: number, bx: number, by: number, label: number): void => {
      const l = clamp(Math.round(ax), 0, w);
      const t = clamp(Math.round(ay), 0, h);
      const r = clamp(Math.round(bx), 0, w);
      const b = clamp(Math.round(by), 0, h);
      if (r > l && b > t) labels.roi(new cv.Rect(l, t, r - l, b - t)).setTo(new cv.Scalar(label));
    };
    const hx = wx(headX);
    const sy = wy(shoulderY);
    const ey = wy(eyeY);
    // Head and the hair around it may be anything above the shoulders near the head.
    rect(hx - 0.55 * s, 0, hx + 0.55 * s, sy - 0.05 * s, cv.GC_PR_FGD);
    // Background beside the head.
    rect(0, 0, hx - 0.6 * s, sy - 0.15 * s, cv.GC_BGD);
    rect(hx + 0.6 * s, 0, w, sy - 0.15 * s, cv.GC_BGD);
    // Middle of the chest: clothes or skin.
    rect(wx(neckX) - 0.15 * s, sy + 0.3 * s, wx(neckX) + 0.15 * s, sy + 1.0 * s, cv.GC_BGD);
    // The face: skin, between the eyes and the mouth.
    const face = { l: hx - 0.12 * s, t: ey - 0.02 * s, r: hx + 0.12 * s, b: ey + 0.25 * s };
    rect(face.l, face.t, face.r, face.b, cv.GC_BGD);
    // The top of the head: hair.
    const crown = { l: hx - 0.12 * s, t: ey - 0.36 * s, r: hx + 0.12 * s, b: ey - 0.26 * s };
    if (crown.b < 1) return null;
    rect(crown.l, crown.t, crown.r, crown.b, cv.GC_FGD);
    if (colourDistance(img, face, crown) < MIN_HAIR_CONTRAST) return null;

    const bgd = keep(new cv.Mat());
    const fgd = keep(new cv.Mat());
    cv.grabCut(img, labels, new cv.Rect(0, 0, w, h), bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_MASK);

    // Hair: foreground that is not skin-coloured, where hair hangs, connected to the crown.
    const skin = meanColour(img, face);
    const nx = wx(neckX);
    const fg = keep(new cv.Mat(h, w, cv.CV_8UC1));
    // Mat.data is a getter that makes a new view on every call: read each once.
    const labelData = labels.data;
    const imgData = img.data;
    const fgData = fg.data;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const l = labelData[i] ?? 0;
        if (l !== cv.GC_FGD && l !== cv.GC_PR_FGD) {
          fgData[i] = 0;
          continue;
        }
        const off = Math.abs(x - nx) / s;
        const below = (y - sy) / s;
        const where =
          below < -0.1
            ? Math.abs(x - hx) < 0.5 * s
            : below < HAIR_DEPTH && off > HAIR_INNER && off < HAIR_OUTER;
        const c = i * 3;
        const d = Math.hypot(
          (imgData[c] ?? 0) - (skin[0] ?? 0),
          (imgData[c + 1] ?? 0) - (skin[1] ?? 0),
          (imgData[c + 2] ?? 0) - (skin[2] ?? 0),
        );
        fgData[i] = where && d > SKIN_DISTANCE ? 255 : 0;
      }
    }
    const seed = new cv.Point(
      clamp(Math.round(hx), 0, w - 1),
      clamp(Math.round((crown.t + crown.b) / 2), 0, h - 1),
    );
    if (fg.ucharPtr(seed.y, seed.x)[0] === 0) return null;
    const flood = keep(cv.Mat.zeros(h + 2, w + 2, cv.CV_8UC1));
    const flags = 8 | cv.FLOODFILL_MASK_ONLY | (255 << 8);
    cv.floodFill(
      fg,
      flood,
      seed,
      new cv.Scalar(255),
      new cv.Rect(),
      new cv.Scalar(0),
      new cv.Scalar(0),
      flags,
    );
    const connected = keep(flood.roi(new cv.Rect(1, 1, w, h)));

    // Back to photo pixels, softened, onto the layer box.
    const big = keep(new cv.Mat());
    cv.resize(connected, big, new cv.Size(x1 - x0, y1 - y0), 0, 0, cv.INTER_LINEAR);
    // A box blur: OpenCV.js's Gaussian on bytes costs ten times more here.
    const soft = Math.max(3, Math.round(span * 0.03) | 1);
    cv.blur(big, big, new cv.Size(soft, soft));
    const bigData = big.data;
    const out = new Uint8Array(box.width * box.height);
    let any = false;
    for (let y = Math.max(y0, box.top); y < Math.min(y1, box.top + box.height); y++) {
      for (let x = Math.max(x0, box.left); x < Math.min(x1, box.left + box.width); x++) {
        const v = bigData[(y - y0) * (x1 - x0) + (x - x0)] ?? 0;
        if (v > 0) any = true;
        out[(y - box.top) * box.width + (x - box.left)] = v;
      }
    }
    return any ? out : null;
  } finally {
    for (const m of mats) m.delete();
  }
}

type Rect = { l: number; t: number; r: number; b: number };

/** Mean colour of a rectangle of an RGB image. */
function meanColour(img: Mat, q: Rect): number[] {
  const data = img.data;
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, Math.round(q.t)); y < Math.min(img.rows, Math.round(q.b)); y++) {
    for (let x = Math.max(0, Math.round(q.l)); x < Math.min(img.cols, Math.round(q.r)); x++) {
      const i = (y * img.cols + x) * 3;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[i + c] ?? 0);
      n++;
    }
  }
  return sum.map((v) => v / Math.max(1, n));
}

/** RGB distance between the mean colours of two rectangles of an RGB image. */
function colourDistance(img: Mat, a: Rect, b: Rect): number {
  const ma = meanColour(img, a);
  const mb = meanColour(img, b);
  return Math.hypot((ma[0] ?? 0) - (mb[0] ?? 0), (ma[1] ?? 0) - (mb[1] ?? 0), (ma[2] ?? 0) - (mb[2] ?? 0));
}

const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
