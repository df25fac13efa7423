import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type FaceResult, type Judge, loadJudge } from './judge-human.ts';

export interface LookPair {
  name: string;
  face: Buffer;
  model: Buffer;
}

export interface LookRow {
  name: string;
  ms: number;
  /** The refusal code or error message when no picture came back. */
  refused: string | null;
  /** Descriptor similarity (Human's 0..1, 0.5 and above the same person) of the result to the shopper. */
  toShopper: number | null;
  /** ... and to the model, whose face was replaced. */
  toModel: number | null;
  /** The shopper's face photo against the model photo: how alike the two people were to begin with. */
  shopperToModel: number | null;
  identity: boolean;
  /** Edge energy in a band along the face outline, result over model photo: above 1 a seam was added. */
  rim: number | null;
  /** Share of the skin area of the result that turned dark (hair, shadow) where the model's was not. */
  hair: number | null;
  clean: boolean;
}

/** Human's guide: with its default multiplier, similarity 0.5 and above is the same person. */
const SAME_PERSON = 0.5;
const MAX_RIM = 1.3;
const MAX_HAIR = 0.03;
const TILE = { width: 192, height: 256 };
const ZOOM = 256;

/**
 * Renders each pair and judges the look with models the engine does not use for it: identity by FaceRes
 * descriptors (the result must be nearer the shopper than the model, and within the same-person
 * threshold), and a clean face (no new edges along the face outline, no new dark strands over the skin).
 * Writes `looks.png` in `outDir`: face | model | result | model's face | result's face, one row per pair.
 */
export async function lookQuality(
  render: (face: Buffer, model: Buffer) => Promise<Buffer>,
  pairs: { name: string; face: Buffer; model: Buffer }[],
  outDir: string,
): Promise<LookRow[]> {
  const judge = await loadLookJudge();
  const rows: LookRow[] = [];
  const sheet: Buffer[] = [];
  for (const pair of pairs) {
    const started = performance.now();
    let result: Buffer | null = null;
    let refused: string | null = null;
    try {
      result = await render(pair.face, pair.model);
    } catch (error) {
      refused = refusalOf(error);
    }
    const ms = performance.now() - started;
    const row = await judgeLook(judge, pair, result);
    rows.push({ name: pair.name, ms, refused, ...row.scores });
    sheet.push(await sheetRow(pair, result, row.zoom && tighter(row.zoom), rows[rows.length - 1]));
  }
  await mkdir(outDir, { recursive: true });
  await writeSheet(sheet, path.join(outDir, 'looks.png'));
  return rows;
}

/** Its own Human with FaceRes descriptors switched on (the engine never computes descriptors). */
function loadLookJudge(): Promise<Judge> {
  return loadJudge({
    body: { enabled: false },
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: true,
        maxDetected: 1,
        minConfidence: 0.2,
        skipFrames: 0,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      description: { enabled: true, modelPath: 'faceres.json', skipFrames: 0 },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  });
}

interface Square {
  left: number;
  top: number;
  size: number;
}

interface Seen {
  face: FaceResult;
  /** The square the face was read in, in pixels of the photo. */
  square: Square;
}

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

async function judgeLook(
  judge: Judge,
  pair: LookPair,
  result: Buffer | null,
): Promise<{ scores: Omit<LookRow, 'name' | 'ms' | 'refused'>; zoom: Square | null }> {
  const empty = { toShopper: null, toModel: null, rim: null, hair: null, identity: false, clean: false };
  const [shopperRgb, modelRgb] = await Promise.all([rgbOf(pair.face), rgbOf(pair.model)]);
  const [shopper, model] = await Promise.all([find(judge, shopperRgb), find(judge, modelRgb)]);
  const shopperToModel = shopper && model ? similarity(judge, shopper.face, model.face) : null;
  if (!result || !model) return { scores: { ...empty, shopperToModel }, zoom: model?.square ?? null };
  const resultRgb = await rgbOf(result);
  const seen = await read(judge, resultRgb, model.square);
  const toShopper = seen && shopper ? similarity(judge, seen, shopper.face) : null;
  const toModel = seen ? similarity(judge, seen, model.face) : null;
  const identity = toShopper !== null && toModel !== null && toShopper > toModel && toShopper >= SAME_PERSON;
  const mesh = model.face.mesh.map(([x = 0, y = 0]) => ({ x, y }));
  const placed = seen ? seen.mesh.map(([x = 0, y = 0]) => ({ x, y })) : [];
  const near = nearFeatures(mesh, [...mesh, ...placed]);
  const rim = rimEnergy(mesh, near, modelRgb, resultRgb);
  const hair = newDark(mesh, near, modelRgb, resultRgb);
  return {
    scores: {
      toShopper,
      toModel,
      shopperToModel,
      identity,
      rim,
      hair,
      clean: rim <= MAX_RIM && hair <= MAX_HAIR,
    },
    zoom: model.square,
  };
}

/** The face in a photo: found in the whole photo first, then read again in a square around it. */
async function find(judge: Judge, image: Rgb): Promise<Seen | null> {
  const whole = { left: 0, top: 0, size: Math.max(image.width, image.height) };
  const first = await detect(judge, image, whole);
  if (!first) return null;
  const [x = 0, y = 0, w = 0, h = 0] = first.box;
  const size = Math.round(Math.max(w, h) * 2.2);
  const square = { left: Math.round(x + w / 2 - size / 2), top: Math.round(y + h / 2 - size / 2), size };
  const face = await detect(judge, image, square);
  return face ? { face, square } : null;
}

/** The face square a judge reads in (2.2 face boxes) narrowed to 1.5, for a close look on the sheet. */
function tighter(square: Square): Square {
  const size = Math.round((square.size * 1.5) / 2.2);
  return {
    left: Math.round(square.left + (square.size - size) / 2),
    top: Math.round(square.top + (square.size - size) / 2),
    size,
  };
}

async function read(judge: Judge, image: Rgb, square: Square): Promise<FaceResult | null> {
  return detect(judge, image, square);
}

/** Human on a square of the photo scaled to 256 px (padded with black off the photo), mapped back. */
async function detect(judge: Judge, image: Rgb, square: Square): Promise<FaceResult | null> {
  const side = 256;
  const crop = await squareOf(image, square, side);
  const tensor = judge.tf.tensor3d(new Uint8Array(crop), [side, side, 3], 'int32');
  try {
    const out = await judge.human.detect(tensor);
    const face = out.face[0];
    if (!face) return null;
    const k = square.size / side;
    return {
      ...face,
      box: [square.left + face.box[0] * k, square.top + face.box[1] * k, face.box[2] * k, face.box[3] * k],
      mesh: face.mesh.map(([x = 0, y = 0, z = 0]) => [square.left + x * k, square.top + y * k, z]),
    };
  } finally {
    tensor.dispose();
  }
}

function similarity(judge: Judge, a: FaceResult, b: FaceResult): number | null {
  if (!a.embedding?.length || !b.embedding?.length) return null;
  return judge.human.match.similarity(a.embedding, b.embedding);
}

const OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149,
  150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];
const CHEEKS = [205, 425, 50, 280, 36, 266];
/** Eyes and lids, brows, nostrils and lips (FaceMesh indices). */
const FEATURES = new Set([
  33, 7, 163, 144, 145, 153, 154, 155, 133, 246, 161, 160, 159, 158, 157, 173, 263, 249, 390, 373, 374, 380,
  381, 382, 362, 466, 388, 387, 386, 385, 384, 398, 70, 63, 105, 66, 107, 55, 65, 52, 53, 46, 300, 293, 334,
  296, 336, 285, 295, 282, 283, 276, 98, 327, 2, 97, 326, 61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291,
  375, 321, 405, 314, 17, 84, 181, 91, 146,
]);

interface P {
  x: number;
  y: number;
}

/**
 * Sobel energy of lightness in the ring between 75% and 100% of the face outline (about its centre), where
 * the look's seam runs, features left out, in the result over the same in the model photo: a pasted face's
 * seam and a make-up line left at the rim add edges the model photo did not have. (Further in, a shopper's
 * own lines and stubble would count as edges too.)
 */
function rimEnergy(mesh: P[], near: (p: P) => boolean, model: Rgb, result: Rgb): number {
  const outline = OVAL.map((i) => mesh[i] ?? { x: 0, y: 0 });
  const ring = (p: P): boolean => inside(outline, p, 1) && !inside(outline, p, 0.75) && !near(p);
  return energy(result, outline, ring) / Math.max(1e-6, energy(model, outline, ring));
}

/** Whether a pixel lies near the eyes, brows, nostrils or lips of any of the meshes given. */
function nearFeatures(mesh: P[], meshes: P[]): (p: P) => boolean {
  const xs = OVAL.map((i) => mesh[i]?.x ?? 0);
  const radius = Math.max(2, (Math.max(...xs) - Math.min(...xs)) * 0.05);
  const marks = meshes.filter((_, i) => FEATURES.has(i % 468));
  return (p) => marks.some((q) => Math.abs(q.x - p.x) < radius && Math.abs(q.y - p.y) < radius);
}

function energy(image: Rgb, outline: P[], keep: (p: P) => boolean): number {
  const { x0, x1, y0, y1 } = boxOf(outline, image);
  const lum = (x: number, y: number): number => {
    const i = (y * image.width + x) * 3;
    return 0.299 * (image.data[i] ?? 0) + 0.587 * (image.data[i + 1] ?? 0) + 0.114 * (image.data[i + 2] ?? 0);
  };
  let sum = 0;
  let n = 0;
  for (let y = Math.max(1, y0); y < Math.min(image.height - 1, y1); y++) {
    for (let x = Math.max(1, x0); x < Math.min(image.width - 1, x1); x++) {
      if (!keep({ x, y })) continue;
      const gx =
        lum(x + 1, y - 1) +
        2 * lum(x + 1, y) +
        lum(x + 1, y + 1) -
        lum(x - 1, y - 1) -
        2 * lum(x - 1, y) -
        lum(x - 1, y + 1);
      const gy =
        lum(x - 1, y + 1) +
        2 * lum(x, y + 1) +
        lum(x + 1, y + 1) -
        lum(x - 1, y - 1) -
        2 * lum(x, y - 1) -
        lum(x + 1, y - 1);
      sum += Math.hypot(gx, gy);
      n++;
    }
  }
  return n ? sum / n : 0;
}

/**
 * Share of the face (within 85% of the outline) that is much darker than the result's own cheeks while the
 * model photo there was not much darker than the model's cheeks: the shopper's hair or shadow brought in.
 * Pixels near the eyes, brows, nostrils and lips of either face (the model's mesh and the one read on the
 * result) do not count: make-up and a feature placed a little apart are not hair.
 */
function newDark(mesh: P[], near: (p: P) => boolean, model: Rgb, result: Rgb): number {
  const outline = OVAL.map((i) => mesh[i] ?? { x: 0, y: 0 });
  const cheeks = CHEEKS.map((i) => mesh[i] ?? { x: 0, y: 0 });
  const refModel = median(cheeks.map((p) => lightness(model, p)));
  const refResult = median(cheeks.map((p) => lightness(result, p)));
  const { x0, x1, y0, y1 } = boxOf(outline, model);
  let dark = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!inside(outline, { x, y }, 0.85) || near({ x, y })) continue;
      n++;
      if (lightness(result, { x, y }) < refResult * 0.6 && lightness(model, { x, y }) >= refModel * 0.75)
        dark++;
    }
  }
  return n ? dark / n : 0;
}

function lightness(image: Rgb, p: P): number {
  const x = Math.min(image.width - 1, Math.max(0, Math.round(p.x)));
  const y = Math.min(image.height - 1, Math.max(0, Math.round(p.y)));
  const i = (y * image.width + x) * 3;
  return 0.299 * (image.data[i] ?? 0) + 0.587 * (image.data[i + 1] ?? 0) + 0.114 * (image.data[i + 2] ?? 0);
}

function inside(outline: P[], p: P, scale: number): boolean {
  const cx = outline.reduce((s, q) => s + q.x, 0) / outline.length;
  const cy = outline.reduce((s, q) => s + q.y, 0) / outline.length;
  const x = cx + (p.x - cx) / scale;
  const y = cy + (p.y - cy) / scale;
  let odd = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const a = outline[i] ?? p;
    const b = outline[j] ?? p;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

function boxOf(outline: P[], image: Rgb): { x0: number; x1: number; y0: number; y1: number } {
  return {
    x0: Math.max(0, Math.floor(Math.min(...outline.map((p) => p.x)))),
    x1: Math.min(image.width, Math.ceil(Math.max(...outline.map((p) => p.x)))),
    y0: Math.max(0, Math.floor(Math.min(...outline.map((p) => p.y)))),
    y1: Math.min(image.height, Math.ceil(Math.max(...outline.map((p) => p.y)))),
  };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function rgbOf(bytes: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function squareOf(image: Rgb, square: Square, side: number): Promise<Buffer> {
  const raw = { raw: { width: image.width, height: image.height, channels: 3 as const } };
  const left = Math.max(0, square.left);
  const top = Math.max(0, square.top);
  const width = Math.min(image.width, square.left + square.size) - left;
  const height = Math.min(image.height, square.top + square.size) - top;
  const k = side / square.size;
  const part = await sharp(image.data, raw)
    .extract({ left, top, width, height })
    .resize(Math.max(1, Math.round(width * k)), Math.max(1, Math.round(height * k)), { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp({ create: { width: side, height: side, channels: 3, background: '#000' } })
    .composite([
      {
        input: part.data,
        raw: { width: part.info.width, height: part.info.height, channels: 3 },
        left: Math.min(side - part.info.width, Math.round((left - square.left) * k)),
        top: Math.min(side - part.info.height, Math.round((top - square.top) * k)),
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
}

function refusalOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return error instanceof Error ? error.message : String(error);
}

async function sheetRow(
  pair: LookPair,
  result: Buffer | null,
  zoom: Square | null,
  row: LookRow | undefined,
): Promise<Buffer> {
  const tile = (bytes: Buffer): Promise<Buffer> =>
    sharp(bytes).resize(TILE.width, TILE.height, { fit: 'contain', background: '#000' }).png().toBuffer();
  const zoomed = async (bytes: Buffer): Promise<Buffer> => {
    const img = await rgbOf(bytes);
    if (!zoom) return tile(bytes);
    return sharp(await squareOf(img, zoom, ZOOM), { raw: { width: ZOOM, height: ZOOM, channels: 3 } })
      .png()
      .toBuffer();
  };
  const blank = await sharp({
    create: { width: TILE.width, height: TILE.height, channels: 3, background: '#333' },
  })
    .png()
    .toBuffer();
  const cells = [
    await tile(pair.face),
    await tile(pair.model),
    result ? await tile(result) : blank,
    await zoomed(pair.model),
    result ? await zoomed(result) : blank,
  ];
  const width = TILE.width * 3 + ZOOM * 2;
  const height = TILE.height + 24;
  const f = (v: number | null | undefined): string => (v === null || v === undefined ? '-' : v.toFixed(2));
  const label = row
    ? `${row.name}: ${row.refused ?? `${row.ms.toFixed(0)} ms`} | shopper ${f(row.toShopper)} model ${f(row.toModel)} (pair ${f(row.shopperToModel)}) ${row.identity ? 'ID' : 'no-ID'} | rim ${f(row.rim)} hair ${f(row.hair)} ${row.clean ? 'clean' : 'not clean'}`
    : pair.name;
  const text = Buffer.from(
    `<svg width="${width}" height="24"><rect width="100%" height="100%" fill="#000"/><text x="6" y="17" font-family="sans-serif" font-size="15" fill="#fff">${xmlText(label)}</text></svg>`,
  );
  let left = 0;
  const layers = cells.map((input, i) => {
    const layer = { input, left, top: 24 };
    left += i < 3 ? TILE.width : ZOOM;
    return layer;
  });
  return sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([{ input: text, left: 0, top: 0 }, ...layers])
    .png()
    .toBuffer();
}

async function writeSheet(rows: Buffer[], file: string): Promise<void> {
  if (!rows.length) return;
  const meta = await sharp(rows[0]).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  await sharp({ create: { width, height: height * rows.length, channels: 3, background: '#000' } })
    .composite(rows.map((input, i) => ({ input, left: 0, top: i * height })))
    .png()
    .toFile(file);
}

const xmlText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
