import { beforeAll, describe, expect, it } from 'vitest';
import {
  type FlatLay,
  type FlatLayOptions,
  flatLay,
  openCvForTests,
} from '../../../test/fixtures/garments.ts';
import type { Point } from '../geometry/point.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { analyseGarment } from './analyse-garment.ts';
import { type GarmentAnalysis, type GarmentKind, GarmentPart } from './garment.ts';

const LOOSE = 0.09;

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

/** Every landmark as `path: point` (e.g. `sleeves.left.endTop`). */
function flatten(value: unknown, path = '', out: Record<string, Point> = {}): Record<string, Point> {
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.x === 'number' && typeof o.y === 'number') out[path] = { x: o.x, y: o.y };
    else for (const [k, v] of Object.entries(o)) flatten(v, path ? `${path}.${k}` : k, out);
  }
  return out;
}

function truthWidth(f: FlatLay): number {
  let min = f.rgb.width;
  let max = 0;
  for (let i = 0; i < f.mask.length; i++) {
    if ((f.mask[i] ?? 0) === 0) continue;
    const x = i % f.rgb.width;
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return max - min;
}

/** Landmarks farther than `tolerance` (share of the garment's width) from the drawn ones, as messages. */
function misses(
  f: FlatLay,
  a: GarmentAnalysis,
  tolerance: number,
  skip: (path: string) => boolean,
  loose: (path: string) => boolean,
): string[] {
  const truth = flatten(f.landmarks);
  const found = flatten(a.landmarks);
  const box = a.box ?? { x: 0, y: 0 };
  const width = truthWidth(f);
  const out: string[] = [];
  for (const [path, t] of Object.entries(truth)) {
    if (skip(path)) continue;
    const d = found[path];
    if (!d) {
      out.push(`${path} missing`);
      continue;
    }
    const error = Math.hypot(d.x + box.x - t.x, d.y + box.y - t.y) / width;
    if (error > (loose(path) ? LOOSE : tolerance))
      out.push(`${path} off by ${(error * 100).toFixed(1)}% of the width`);
  }
  return out;
}

interface Case {
  kind: GarmentKind;
  options: FlatLayOptions;
  /** Landmarks a flat lay hides or leaves undefined in this case. */
  skip?: (path: string) => boolean;
  /** Landmarks found less precisely in this case (within 9 % of the width instead of 5 %). */
  loose?: (path: string) => boolean;
}

// A straight body has no waist to find; a hood laid flat hides where it is sewn on. A short sleeve hanging
// down is about as long as it is wide: which of its edges is the cuff is a guess (checked by parts only).
const noWaist = (p: string) => p.startsWith('waist');
const hooded = (p: string) => noWaist(p) || p.startsWith('neck');
const stubby = (p: string) =>
  noWaist(p) || p.includes('.end') || p.startsWith('armpit') || p.endsWith('.bottom');
// White on light grey, a fold shades the right sleeve's end to the backdrop's very grey: its cuff is cut short.
// White on light grey, the slit between a hanging sleeve and the body closes in the cut-out near its top; the
// armpit is where the slit's edges, extended, meet.
const sealedSlit = (p: string) => p.startsWith('armpit') || p.endsWith('.bottom');
// A print's dots make a short sleeve's cuff ragged.
const raggedCuff = (p: string) => p.includes('.end');
const shadedCuff = (p: string) => noWaist(p) || p.startsWith('sleeves.right.end');

const cases: Case[] = [
  { kind: 't-shirt', options: {}, skip: noWaist },
  { kind: 't-shirt', options: { quality: 60, noise: 6 }, skip: noWaist },
  { kind: 't-shirt', options: { colour: '#ffffff', background: '#e9e9e9' }, skip: shadedCuff },
  {
    kind: 't-shirt',
    options: { colour: '#1f1f1f', background: '#4a4a4a', pattern: 'stripes' },
    skip: noWaist,
  },
  { kind: 't-shirt', options: { sleeves: 'down', colour: '#2e86c1', width: 700, height: 800 }, skip: stubby },
  { kind: 'long-sleeve', options: { pattern: 'stripes', colour: '#d35400' }, skip: noWaist },
  {
    kind: 'long-sleeve',
    options: { sleeves: 'down', colour: '#ffffff', background: '#e9e9e9' },
    skip: noWaist,
  },
  { kind: 'long-sleeve', options: { pattern: 'print', colour: '#f7dc6f', vignette: true }, skip: noWaist },
  { kind: 'tank', options: { colour: '#e8b4c8' }, skip: noWaist },
  { kind: 'tank', options: { colour: '#ffffff', background: '#e9e9e9', pattern: 'stripes' }, skip: noWaist },
  // Everyday proportions (a body about 1.4 to 1.6 times as long as wide), sleeves laid out: a tank's
  // armholes once passed for its waist. (Sleeves laid down beside such a short body reach its waist, and
  // their armpits are not found within 5%: a known weakness, docs/engine.md.)
  { kind: 't-shirt', options: { proportions: 'everyday' }, skip: noWaist },
  { kind: 'long-sleeve', options: { proportions: 'everyday', pattern: 'stripes' }, skip: noWaist },
  { kind: 'tank', options: { proportions: 'everyday', colour: '#e8b4c8' }, skip: noWaist },
  {
    kind: 'tank',
    options: { proportions: 'everyday', colour: '#ffffff', background: '#e9e9e9', pattern: 'stripes' },
    skip: noWaist,
  },
  { kind: 'hoodie', options: { proportions: 'everyday', colour: '#3d4b3d' }, skip: hooded },
  { kind: 'jacket', options: { proportions: 'everyday', colour: '#b8863b' }, skip: noWaist },
  { kind: 'dress', options: {} },
  { kind: 'dress', options: { width: 600, height: 1000, colour: '#1a5276' } },
  { kind: 'dress', options: { cut: 'sheath', colour: '#111111', background: '#555555' } },
  {
    kind: 'dress',
    options: { cut: 'sheath', sleeved: true, pattern: 'print', colour: '#f5e6c8' },
    loose: raggedCuff,
  },
  { kind: 'dress', options: { sleeved: true, sleeves: 'down', colour: '#6c3483' }, skip: stubby },
  { kind: 'hoodie', options: { colour: '#556b2f' }, skip: hooded },
  {
    kind: 'hoodie',
    options: { colour: '#ffffff', background: '#e9e9e9', sleeves: 'down' },
    skip: hooded,
    loose: sealedSlit,
  },
  { kind: 'jacket', options: { colour: '#1b2a41', vignette: true }, skip: noWaist },
  { kind: 'jacket', options: { closure: 'zip', colour: '#777777', sleeves: 'down' }, skip: noWaist },
  { kind: 'trousers', options: { colour: '#34495e' } },
  { kind: 'trousers', options: { colour: '#34495e', noise: 4, quality: 75 } },
  { kind: 'trousers', options: { colour: '#5d6d7e', pattern: 'stripes', width: 600, height: 900 } },
  { kind: 'shorts', options: { colour: '#c2b280' } },
  { kind: 'shorts', options: { colour: '#ffffff', background: '#e9e9e9' } },
  { kind: 'skirt', options: { colour: '#8e44ad', pattern: 'print' } },
  { kind: 'skirt', options: { colour: '#222222', background: '#4a4a4a' } },
];

describe('analyseGarment on generated flat lays', () => {
  for (const c of cases) {
    it(`${c.kind} ${JSON.stringify(c.options)}: kind, landmarks within 5 % of its width, parts`, async () => {
      const f = await flatLay(c.kind, c.options);
      const a = analyseGarment(cv, f.rgb);
      expect(a.kind).toBe(c.kind);
      expect(misses(f, a, 0.05, c.skip ?? (() => false), c.loose ?? (() => false))).toEqual([]);
      expect(a.parts.length).toBe(a.image.width * a.image.height);
      const labels = countLabels(a);
      if (c.kind === 'trousers' || c.kind === 'shorts') {
        // Each leg: a good share of the garment, and about as much as the other.
        const left = labels[GarmentPart.leftLeg] ?? 0;
        const right = labels[GarmentPart.rightLeg] ?? 0;
        expect(Math.min(left, right)).toBeGreaterThan((c.kind === 'shorts' ? 0.12 : 0.25) * labels.total);
        expect(Math.abs(left - right)).toBeLessThan(0.1 * (left + right));
      }
      const sleeves = f.landmarks.sleeves;
      if (sleeves) {
        // The wearer's left sleeve lies on the image's right, at its cuff.
        const box = a.box ?? { x: 0, y: 0 };
        const cuff = (p: Point, q: Point) => ({ x: (p.x + q.x) / 2 - box.x, y: (p.y + q.y) / 2 - box.y });
        const left = cuff(sleeves.left.endTop, sleeves.left.endBottom);
        const right = cuff(sleeves.right.endTop, sleeves.right.endBottom);
        expect(labelNear(a, left)).toBe(GarmentPart.leftSleeve);
        expect(labelNear(a, right)).toBe(GarmentPart.rightSleeve);
      }
      if (c.kind === 'hoodie') expect(labels[GarmentPart.hood]).toBeGreaterThan(0.05 * labels.total);
    });
  }

  it('takes the kind from a shop category when it names one, and ignores one it does not know', async () => {
    const f = await flatLay('long-sleeve', {});
    expect(analyseGarment(cv, f.rgb, { category: 'Cardigans & Jackets' }).kind).toBe('jacket');
    expect(analyseGarment(cv, f.rgb, { category: 'Gift cards' }).kind).toBe('long-sleeve');
    const skirt = await flatLay('skirt', {});
    expect(analyseGarment(cv, skirt.rgb, { category: 'SKIRTS' }).kind).toBe('skirt');
  });

  it('leaves a long sleeve folded over the body to the shop category (its shape is a short sleeve)', async () => {
    const f = await flatLay('long-sleeve', { sleeves: 'folded', colour: '#2a2a2a', background: '#444444' });
    const a = analyseGarment(cv, f.rgb, { category: 'Long sleeve tops' });
    expect(a.kind).toBe('long-sleeve');
    // What shows of each sleeve beside the body is labelled as that sleeve.
    const labels = countLabels(a);
    expect(labels[GarmentPart.leftSleeve]).toBeGreaterThan(0.01 * labels.total);
    expect(labels[GarmentPart.rightSleeve]).toBeGreaterThan(0.01 * labels.total);
    expect(
      misses(
        f,
        a,
        0.05,
        (p) => p.startsWith('waist') || p.includes('.end') || p.startsWith('armpit') || p.endsWith('.bottom'),
        () => false,
      ),
    ).toEqual([]);
  });
});

function countLabels(a: GarmentAnalysis): Record<number, number> & { total: number } {
  const counts: Record<number, number> & { total: number } = { total: 0 };
  for (const p of a.parts) {
    if (p === GarmentPart.none) continue;
    counts[p] = (counts[p] ?? 0) + 1;
    counts.total++;
  }
  return counts;
}

/** The most common label within a few pixels of `p` (a cuff corner's middle lies on the sleeve's edge). */
function labelNear(a: GarmentAnalysis, p: Point): number {
  const counts = new Map<number, number>();
  const r = Math.max(3, Math.round(a.image.width * 0.02));
  for (let y = Math.round(p.y) - r; y <= p.y + r; y++) {
    for (let x = Math.round(p.x) - r; x <= p.x + r; x++) {
      if (x < 0 || y < 0 || x >= a.image.width || y >= a.image.height) continue;
      const label = a.parts[y * a.image.width + x] ?? 0;
      if (label !== GarmentPart.none) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  }
  let best = GarmentPart.none as number;
  let most = 0;
  for (const [label, n] of counts) {
    if (n > most) {
      most = n;
      best = label;
    }
  }
  return best;
}
