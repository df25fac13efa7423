import { beforeAll, describe, expect, it } from 'vitest';
import { solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import type { Raster } from '../image/raster.ts';
import { loadModels } from '../worker/load-models.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { fillFromBackground } from './background-fill.ts';

const W = 160;
const H = 120;
let cv: OpenCv;

beforeAll(async () => {
  ({ cv } = await loadModels());
}, 60_000);

/** Mean and spread of the grey level over columns [x0, x1) of rows [y0, y1). */
function stats(photo: Raster, x0: number, x1: number, y0: number, y1: number): { mean: number; sd: number } {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * W + x) * 3;
      const v = ((photo.data[i] ?? 0) + (photo.data[i + 1] ?? 0) + (photo.data[i + 2] ?? 0)) / 3;
      n++;
      sum += v;
      sq += v * v;
    }
  }
  const mean = sum / n;
  return { mean, sd: Math.sqrt(Math.max(0, sq / n - mean * mean)) };
}

/**
 * A backdrop of one colour; an arm (`arm` gives its colour at a pixel; not filled, not covered) at columns
 * 40-69 of rows 10-109; beside it, columns 70-89, the old sleeve's rim to fill, between the arm and the
 * backdrop.
 */
function armBesideSleeve(
  backdrop: [number, number, number],
  arm: (x: number, y: number) => [number, number, number],
) {
  const photo = solidRgb(W, H, backdrop);
  const marked = new Uint8Array(W * H);
  const hidden = new Uint8Array(W * H);
  const person = new Uint8Array(W * H);
  for (let y = 10; y < 110; y++) {
    for (let x = 40; x < 90; x++) {
      const i = y * W + x;
      person[i] = 1;
      if (x < 70) photo.data.set(arm(x, y), i * 3);
      else {
        marked[i] = 1;
        photo.data.set([200, 30, 30], i * 3);
      }
    }
  }
  return { photo, marked, hidden, person };
}

describe('fillFromBackground', () => {
  it("carries a busy backdrop's texture into the fill, where a smooth fill left a smear", () => {
    // A facade of vertical stripes (period 6: 90 and 210); the new garment covers columns 30-69, the old
    // sleeve beside it (red) is columns 70-99 of rows 10-109 and is to be filled.
    const photo = solidRgb(W, H, [0, 0, 0]);
    const marked = new Uint8Array(W * H);
    const hidden = new Uint8Array(W * H);
    const person = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const v = x % 6 < 3 ? 90 : 210;
        photo.data.set([v, v, v], i * 3);
        if (y < 10 || y >= 110) continue;
        if (x >= 30 && x < 70) {
          hidden[i] = 1;
          person[i] = 1;
        } else if (x >= 70 && x < 100) {
          marked[i] = 1;
          person[i] = 1;
          photo.data.set([200, 30, 30], i * 3);
        }
      }
    }
    const backdrop = stats(photo, 110, 150, 30, 90);
    fillFromBackground(cv, photo, marked, hidden, person, 100);
    const filled = stats(photo, 72, 98, 30, 90);
    expect(Math.abs(filled.mean - backdrop.mean)).toBeLessThan(15);
    // The stripes go on through the fill (a smooth fill's spread here is a few levels).
    expect(filled.sd).toBeGreaterThan(backdrop.sd * 0.6);
    // No red of the old sleeve left.
    const i = (50 * W + 85) * 3;
    expect((photo.data[i] ?? 0) - (photo.data[i + 1] ?? 0)).toBeLessThan(20);
  });

  it("carries a busy backdrop's stripes across a wide fill, not only near its edges", () => {
    // Stripes all round a 60 px wide band to fill: the smooth fill's mirrored texture reaches 10 px in from
    // each side; the patches copied from the stripes run on through the middle.
    const photo = solidRgb(W, H, [0, 0, 0]);
    const marked = new Uint8Array(W * H);
    const none = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const v = x % 6 < 3 ? 90 : 210;
        photo.data.set([v, v, v], (y * W + x) * 3);
        if (x >= 50 && x < 110) marked[y * W + x] = 1;
      }
    }
    fillFromBackground(cv, photo, marked, none, none, 10);
    expect(stats(photo, 50, 56, 30, 90).sd).toBeGreaterThan(25);
    // The stripes' own spread is 60.
    expect(stats(photo, 70, 90, 30, 90).sd).toBeGreaterThan(40);
  });

  it("never carries the person's own texture: beside an arm the fill takes the backdrop's, not the arm's", () => {
    // Flat grey backdrop; an arm of a strong checker.
    const { photo, marked, hidden, person } = armBesideSleeve([128, 128, 128], (x, y) => {
      const v = (x + y) % 2 ? 20 : 240;
      return [v, v, v];
    });
    fillFromBackground(cv, photo, marked, hidden, person, 100);
    // Mirrored from the arm's side the checker would give a spread near 110.
    expect(stats(photo, 78, 88, 30, 90).sd).toBeLessThan(10);
  });

  it("fills the gap an old sleeve leaves beside a dark arm with the backdrop, not a smear of the arm's colour", () => {
    // A white wall and a brown arm: behind the old sleeve is the wall, no shade of brown belongs there.
    const { photo, marked, hidden, person } = armBesideSleeve([235, 235, 232], () => [90, 58, 42]);
    fillFromBackground(cv, photo, marked, hidden, person, 12);
    // Right beside the arm too.
    expect(stats(photo, 70, 74, 30, 90).mean).toBeGreaterThan(220);
    expect(stats(photo, 74, 90, 30, 90).mean).toBeGreaterThan(225);
  });

  it("takes the person's colour where the person encloses the fill (between neck and hair)", () => {
    // A white wall; the person (dark hair beside a brown neck) at columns 50-109, rows 10-109; the old collar
    // to fill is a patch inside it, columns 70-89 of rows 50-69, 20 px from the wall on either side.
    const photo = solidRgb(W, H, [235, 235, 232]);
    const marked = new Uint8Array(W * H);
    const hidden = new Uint8Array(W * H);
    const person = new Uint8Array(W * H);
    for (let y = 10; y < 110; y++) {
      for (let x = 50; x < 110; x++) {
        const i = y * W + x;
        person[i] = 1;
        photo.data.set(x >= 60 && x < 100 ? [120, 80, 60] : [30, 25, 22], i * 3);
        if (x >= 70 && x < 90 && y >= 50 && y < 70) {
          marked[i] = 1;
          photo.data.set([30, 140, 110], i * 3);
        }
      }
    }
    fillFromBackground(cv, photo, marked, hidden, person, 30);
    // The neck's brown, not the wall's white.
    expect(stats(photo, 74, 86, 54, 66).mean).toBeLessThan(110);
  });

  it('changes nothing when nothing is marked', () => {
    const photo = solidRgb(W, H, [10, 200, 90]);
    const before = Uint8Array.from(photo.data);
    const none = new Uint8Array(W * H);
    fillFromBackground(cv, photo, none, none, none, 20);
    expect(photo.data).toEqual(before);
  });
});
