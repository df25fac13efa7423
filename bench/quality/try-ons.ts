import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { GarmentKind } from '../../packages/engine/src/builtin/garment/garment.ts';
import type { Point } from '../../packages/engine/src/builtin/geometry/point.ts';
import { insidePolygon } from '../../packages/engine/src/builtin/geometry/polygon.ts';
import { FACE_OVAL } from '../../packages/engine/src/builtin/look/face-oval.ts';
import { squareCrop } from '../../packages/engine/src/builtin/look/square-crop.ts';
import { type Judge, loadJudge } from './judge-human.ts';

export interface TryOnCase {
  person: string;
  view: string;
  garment: GarmentKind;
  personPhoto: Buffer;
  garmentPhoto: Buffer;
}

export interface TryOnRow {
  person: string;
  view: string;
  garment: GarmentKind;
  ms: number;
  /** The refusal code (or error) when no picture came back. */
  refused: string | null;
  /** Share of the inner torso (thighs for trousers, shorts and skirts) that the garment covers. */
  cover: number | null;
  /** The garment's top edge against the judge's shoulders (its waistband against the hips), in statures. */
  shoulderOff: number | null;
  /** Share of the upper arm (and forearm, for long sleeves) the sleeves cover; null without sleeves. */
  sleeves: number | null;
  /** Share of the face (inside FaceMesh's outline, else an oval round the eyes and nose) whose pixels changed. */
  faceChanged: number | null;
}

type Xy = { x: number; y: number; score: number };
type Keypoints = Record<string, Xy>;

const CHANGED = 40;
const LOWER = new Set<GarmentKind>(['trousers', 'shorts', 'skirt']);
const LONG_SLEEVES = new Set<GarmentKind>(['long-sleeve', 'hoodie', 'jacket']);
const SLEEVELESS = new Set<GarmentKind>(['tank', 'dress', 'trousers', 'shorts', 'skirt']);

/** What passes: the bars for a convincing 2D overlay. */
export const passes = {
  cover: (r: TryOnRow) => (r.cover ?? 0) >= 0.8,
  shoulder: (r: TryOnRow) => r.shoulderOff !== null && r.shoulderOff <= 0.05,
  sleeves: (r: TryOnRow) => r.sleeves === null || r.sleeves >= 0.8,
  face: (r: TryOnRow) => r.faceChanged !== null && r.faceChanged <= 0.02,
};

/**
 * Renders every case and judges it with models the engine does not use: MoveNet Thunder for the body (the
 * engine uses BlazePose) and FaceMesh for the face's outline (the engine protects the face by
 * BlazePose's keypoints). What the garment covers is what the render changed. Writes `try-ons.png` in `outDir`: one
 * row a person, one column a garment.
 */
export async function tryOnQuality(
  render: (person: Buffer, garment: Buffer) => Promise<Buffer>,
  cases: TryOnCase[],
  outDir: string,
): Promise<TryOnRow[]> {
  const judge = await loadJudge({
    body: {
      enabled: true,
      modelPath: 'movenet-thunder.json',
      maxDetected: 1,
      minConfidence: 0.1,
      skipFrames: 0,
    },
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: 1,
        minConfidence: 0.3,
        skipFrames: 0,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      description: { enabled: false },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  });
  const rows: TryOnRow[] = [];
  const cells = new Map<string, Buffer>();
  // Each render at its full size too, to be looked at as a shopper sees it: what reads as pasted (an outline,
  // a seam, a neckline, the paint) often shows only there, not in a 240 px tile.
  const fullSize = path.join(outDir, 'try-ons');
  await mkdir(fullSize, { recursive: true });
  for (const c of cases) {
    const started = performance.now();
    let result: Buffer | null = null;
    let refused: string | null = null;
    try {
      result = await render(c.personPhoto, c.garmentPhoto);
    } catch (error) {
      refused = (error as { code?: string }).code ?? String(error);
    }
    const ms = performance.now() - started;
    if (result) await writeFile(path.join(fullSize, `${c.person}-${c.garment}.webp`), result);
    const scores = result
      ? await judgeTryOn(judge, c, result)
      : { cover: null, shoulderOff: null, sleeves: null, faceChanged: null };
    const row = { person: c.person, view: c.view, garment: c.garment, ms, refused, ...scores };
    rows.push(row);
    cells.set(`${c.person}/${c.garment}`, await cell(c, result, row));
  }
  await mkdir(outDir, { recursive: true });
  await writeSheet(cases, cells, path.join(outDir, 'try-ons.png'));
  return rows;
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function judgeTryOn(
  judge: Judge,
  c: TryOnCase,
  result: Buffer,
): Promise<Omit<TryOnRow, 'person' | 'view' | 'garment' | 'ms' | 'refused'>> {
  const after = await pixels(result);
  const before = await pixels(c.personPhoto, after.width, after.height);
  const tensor = judge.tf.tensor3d(before.data, [before.height, before.width, 3], 'int32');
  const detected = await judge.human.detect(tensor);
  tensor.dispose();
  const changed = (x: number, y: number): boolean => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= after.width || yi >= after.height) return false;
    const i = (yi * after.width + xi) * 3;
    return (
      Math.abs((after.data[i] ?? 0) - (before.data[i] ?? 0)) +
        Math.abs((after.data[i + 1] ?? 0) - (before.data[i + 1] ?? 0)) +
        Math.abs((after.data[i + 2] ?? 0) - (before.data[i + 2] ?? 0)) >
      CHANGED
    );
  };
  const k: Keypoints = {};
  for (const kp of detected.body[0]?.keypoints ?? [])
    k[kp.part] = { x: kp.position[0], y: kp.position[1], score: kp.score };
  // The face: inside FaceMesh's outline (jaw, cheeks, forehead), pulled in by 5 % against its own edge; where
  // FaceMesh finds none even in a crop round the head (a small face turned aside, in sunglasses: studio-2),
  // an oval round the judge's own eyes and nose.
  const mesh = detected.face[0]?.mesh ?? (await faceInHeadCrop(judge, before, k));
  let faceChanged: number | null = null;
  const poly = mesh.length >= 468 ? meshOval(mesh) : keypointOval(k);
  if (poly) {
    const xs = poly.map((q) => q.x);
    const ys = poly.map((q) => q.y);
    let n = 0;
    let moved = 0;
    for (let y = Math.floor(Math.min(...ys)); y < Math.max(...ys); y += 2) {
      for (let x = Math.floor(Math.min(...xs)); x < Math.max(...xs); x += 2) {
        if (!insidePolygon({ x, y }, poly)) continue;
        n++;
        if (changed(x, y)) moved++;
      }
    }
    faceChanged = n ? moved / n : null;
  }
  const ls = k.leftShoulder;
  const rs = k.rightShoulder;
  const lh = k.leftHip;
  const rh = k.rightHip;
  if (!ls || !rs) return { cover: null, shoulderOff: null, sleeves: null, faceChanged };
  const span = Math.hypot(ls.x - rs.x, ls.y - rs.y);
  const hipsSeen = lh && rh && lh.score > 0.3 && rh.score > 0.3 && lh.y < after.height && rh.y < after.height;
  const torso = hipsSeen
    ? Math.hypot((ls.x + rs.x - lh.x - rh.x) / 2, (ls.y + rs.y - lh.y - rh.y) / 2)
    : span * 1.45;
  const stature = torso * 3.1;
  // A quadrilateral's inner part: shoulders to hips (or 1.45 spans down), 70 % of the width, from 15 % down.
  const share = (a: Xy, b: Xy, c: Xy, d: Xy, u0: number, u1: number, v0: number, v1: number): number => {
    let n = 0;
    let hit = 0;
    for (let v = v0; v <= v1; v += 0.05) {
      for (let u = u0; u <= u1; u += 0.05) {
        const top = { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u };
        const bottom = { x: d.x + (c.x - d.x) * u, y: d.y + (c.y - d.y) * u };
        const x = top.x + (bottom.x - top.x) * v;
        const y = top.y + (bottom.y - top.y) * v;
        if (x < 0 || y < 0 || x >= after.width || y >= after.height) continue;
        n++;
        if (changed(x, y)) hit++;
      }
    }
    return n ? hit / n : 0;
  };
  const down = (q: Xy, by: number): Xy => ({ x: q.x, y: q.y + by, score: q.score });
  const hipL = hipsSeen && lh ? lh : down(ls, torso);
  const hipR = hipsSeen && rh ? rh : down(rs, torso);
  let cover: number;
  let shoulderOff: number | null;
  if (LOWER.has(c.garment)) {
    const kl = k.leftKnee;
    const kr = k.rightKnee;
    const kneeL = kl && kl.score > 0.3 ? kl : down(hipL, torso * 0.8);
    const kneeR = kr && kr.score > 0.3 ? kr : down(hipR, torso * 0.8);
    cover = share(hipR, hipL, kneeL, kneeR, 0.1, 0.9, 0.1, c.garment === 'shorts' ? 0.4 : 0.7);
    shoulderOff = topEdgeOffset(changed, hipL, hipR, span, stature, -0.45);
  } else {
    cover = share(rs, ls, hipL, hipR, 0.15, 0.85, 0.15, 0.85);
    shoulderOff = topEdgeOffset(changed, ls, rs, span, stature, -0.08);
  }
  let sleeves: number | null = null;
  if (!SLEEVELESS.has(c.garment)) {
    const along = (a: Xy | undefined, b: Xy | undefined, t0: number, t1: number): [number, number] => {
      if (!a || !b || b.score < 0.3) return [0, 0];
      let n = 0;
      let hit = 0;
      for (let t = t0; t <= t1; t += 0.05) {
        n++;
        if (changed(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)) hit++;
      }
      return [hit, n];
    };
    const parts = [along(ls, k.leftElbow, 0.15, 0.4), along(rs, k.rightElbow, 0.15, 0.4)];
    if (LONG_SLEEVES.has(c.garment))
      parts.push(along(k.leftElbow, k.leftWrist, 0.1, 0.7), along(k.rightElbow, k.rightWrist, 0.1, 0.7));
    const n = parts.reduce((s, [, m]) => s + m, 0);
    sleeves = n ? parts.reduce((s, [h]) => s + h, 0) / n : null;
  }
  return { cover, shoulderOff, sleeves, faceChanged };
}

/** FaceMesh's face outline, pulled in by 5 % towards its middle. */
function meshOval(mesh: readonly (readonly (number | undefined)[])[]): Point[] {
  const outline = FACE_OVAL.map((i) => mesh[i] ?? [0, 0]);
  const cx = outline.reduce((a, q) => a + (q[0] ?? 0), 0) / outline.length;
  const cy = outline.reduce((a, q) => a + (q[1] ?? 0), 0) / outline.length;
  return outline.map((q) => ({
    x: cx + ((q[0] ?? 0) - cx) * 0.95,
    y: cy + ((q[1] ?? 0) - cy) * 0.95,
  }));
}

/**
 * The face as an oval from the judge's keypoints: centred a little below the middle of the eyes and the
 * nose, as wide as the eyes are far apart either side and 1.3 times that high (brows to chin on a face
 * seen from the front); null unless both eyes and the nose were seen.
 */
function keypointOval(k: Keypoints): Point[] | null {
  const seen = (q: Xy | undefined): q is Xy => !!q && q.score > 0.3;
  const { leftEye: le, rightEye: re, nose } = k;
  if (!seen(le) || !seen(re) || !seen(nose)) return null;
  const eyes = Math.hypot(le.x - re.x, le.y - re.y);
  if (eyes < 2) return null;
  const cx = ((le.x + re.x) / 2 + nose.x) / 2;
  const cy = ((le.y + re.y) / 2 + nose.y) / 2 + eyes * 0.3;
  return Array.from({ length: 24 }, (_, n) => {
    const t = (n / 24) * 2 * Math.PI;
    return { x: cx + Math.cos(t) * eyes * 0.95, y: cy + Math.sin(t) * eyes * 1.3 * 0.95 };
  });
}

/**
 * FaceMesh on a square around the head (from the judge's own keypoints) scaled to 256 px: a face in a
 * full-length photo is too small for the face detector on the whole photo. The mesh comes back in photo
 * pixels; empty when no face is found.
 */
async function faceInHeadCrop(judge: Judge, photo: Pixels, k: Keypoints): Promise<number[][]> {
  const head = ['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar']
    .map((n) => k[n])
    .filter((q): q is Xy => !!q && q.score > 0.3);
  const ls = k.leftShoulder;
  const rs = k.rightShoulder;
  if (head.length < 2 || !ls || !rs) return [];
  const cx = head.reduce((a, q) => a + q.x, 0) / head.length;
  const cy = head.reduce((a, q) => a + q.y, 0) / head.length;
  const size = Math.round(Math.max(Math.hypot(ls.x - rs.x, ls.y - rs.y) * 0.9, 48));
  const left = Math.round(cx - size / 2);
  const top = Math.round(cy - size / 2);
  const side = 256;
  const scale = side / size;
  const crop = await squareCrop(
    { data: photo.data, width: photo.width, height: photo.height, channels: 3 },
    { left, top, size },
    side,
  );
  const tensor = judge.tf.tensor3d(crop, [side, side, 3], 'int32');
  const found = await judge.human.detect(tensor);
  tensor.dispose();
  const mesh = found.face[0]?.mesh ?? [];
  return mesh.map(([x = 0, y = 0]) => [left + x / scale, top + y / scale]);
}

/**
 * How far the garment's top edge lies from where it should (the shoulders, or the hips raised for a
 * waistband), in statures: for columns near each joint, the first changed pixel going down from well above.
 */
function topEdgeOffset(
  changed: (x: number, y: number) => boolean,
  a: Xy,
  b: Xy,
  span: number,
  stature: number,
  lift: number,
): number | null {
  const offsets: number[] = [];
  for (const q of [a, b]) {
    const expected = q.y + lift * span;
    for (const dx of [-0.05, 0, 0.05]) {
      const x = q.x + (q.x > (a.x + b.x) / 2 ? -1 : 1) * 0.1 * span + dx * span;
      for (let y = expected - 0.6 * span; y < expected + 0.6 * span; y++) {
        if (changed(x, y) && changed(x, y + 2) && changed(x, y + 4)) {
          offsets.push(Math.abs(y - expected) / stature);
          break;
        }
      }
    }
  }
  if (offsets.length === 0) return null;
  offsets.sort((p, q) => p - q);
  return offsets[Math.floor(offsets.length / 2)] ?? null;
}

/** Decoded and slightly blurred, so compression noise (JPEG in, WebP out) does not count as a change. */
async function pixels(bytes: Buffer, width?: number, height?: number): Promise<Pixels> {
  let image = sharp(bytes).removeAlpha();
  if (width && height) image = image.resize(width, height, { fit: 'fill' });
  image = image.blur(1.2);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const CELL = { width: 240, height: 320 };

async function cell(c: TryOnCase, result: Buffer | null, row: TryOnRow): Promise<Buffer> {
  const base = sharp(result ?? c.personPhoto).resize(CELL.width, CELL.height, {
    fit: 'contain',
    background: '#111',
  });
  const label = result
    ? `${fmt(row.cover)} ${fmt(row.sleeves)} ${row.shoulderOff === null ? '-' : (row.shoulderOff * 100).toFixed(0)}% ${fmt(row.faceChanged)}`
    : String(row.refused);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL.width}" height="${CELL.height}"><rect width="${CELL.width}" height="18" fill="#000" fill-opacity="0.6"/><text x="4" y="13" fill="#ff0" font-size="12" font-family="sans-serif">${label}</text></svg>`;
  const image = result ? base : base.modulate({ brightness: 0.4 });
  return sharp(await image.png().toBuffer())
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

const fmt = (v: number | null): string => (v === null ? '-' : v.toFixed(2));

async function writeSheet(cases: TryOnCase[], cells: Map<string, Buffer>, file: string): Promise<void> {
  const people = [...new Set(cases.map((c) => c.person))];
  const garments = [...new Set(cases.map((c) => c.garment))];
  const header = await Promise.all(
    garments.map(async (g) => {
      const photo = cases.find((c) => c.garment === g)?.garmentPhoto;
      return photo
        ? sharp(photo)
            .resize(CELL.width, CELL.height, { fit: 'contain', background: '#fff' })
            .png()
            .toBuffer()
        : null;
    }),
  );
  const tiles: { input: Buffer; left: number; top: number }[] = [];
  for (const [j, h] of header.entries()) if (h) tiles.push({ input: h, left: j * CELL.width, top: 0 });
  for (const [i, person] of people.entries()) {
    for (const [j, g] of garments.entries()) {
      const input = cells.get(`${person}/${g}`);
      if (input) tiles.push({ input, left: j * CELL.width, top: (i + 1) * CELL.height });
    }
  }
  await sharp({
    create: {
      width: garments.length * CELL.width,
      height: (people.length + 1) * CELL.height,
      channels: 3,
      background: '#000',
    },
  })
    .composite(tiles)
    .png()
    .toFile(file);
}
