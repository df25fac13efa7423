import { beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from '../../../test/fixtures/sample-photos.ts';
import { lerpPoint as lerp, type Point } from '../geometry/point.ts';
import { decodeRgb, type Raster } from '../image/raster.ts';
import { rgbToLab } from '../image/rgb-to-lab.ts';
import { loadModels, type Models } from '../worker/load-models.ts';
import { detectFace } from './detect-face.ts';
import { faceMask } from './face-mask.ts';
import { FACE_PARTS } from './face-parts.ts';
import { headPose } from './head-pose.ts';
import { keptMouth } from './mouth-expression.ts';

let models: Models;
let photo: Raster;
let mesh: Point[];

beforeAll(async () => {
  models = await loadModels();
  photo = await decodeRgb(await samplePhoto('portraitShirt'));
  const found = await detectFace(models, photo);
  if (!found) throw new Error('the sample face was not found');
  mesh = found.points;
}, 60_000);

/** The face's box with a margin, its RGB, and helpers to paint into it and to read a mask at mesh points. */
function setUp() {
  const xs = mesh.map((p) => p.x);
  const ys = mesh.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs)) - 20);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - 20);
  const region = {
    left,
    top,
    width: Math.min(photo.width, Math.ceil(Math.max(...xs)) + 20) - left,
    height: Math.min(photo.height, Math.ceil(Math.max(...ys)) + 20) - top,
  };
  const rgb = new Float32Array(region.width * region.height * 3);
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      for (let c = 0; c < 3; c++) {
        rgb[(y * region.width + x) * 3 + c] = photo.data[((y + top) * photo.width + x + left) * 3 + c] ?? 0;
      }
    }
  }
  const paint = (target: Float32Array, test: (x: number, y: number) => boolean, colour: number[]): void => {
    for (let y = 0; y < region.height; y++) {
      for (let x = 0; x < region.width; x++)
        if (test(x + left, y + top)) target.set(colour, (y * region.width + x) * 3);
    }
  };
  const at = (mask: Uint8Array, p: Point): number =>
    mask[Math.round(p.y - top) * region.width + Math.round(p.x - left)] ?? 0;
  /** Where the shopper's face goes, the shopper's photo and the model's each as given, fully covered by the warp. */
  const blendOf = (shopper: Float32Array, model: Float32Array): Uint8Array => {
    const covered = new Uint8Array(region.width * region.height).fill(1);
    const placed = { model: mesh, placed: mesh };
    return faceMask(
      models.cv,
      placed,
      region,
      rgbToLab(shopper),
      covered,
      rgbToLab(model),
      headPose(mesh).width,
    ).blend;
  };
  return { region, rgb, paint, at, blendOf };
}

const point = (i: number): Point => mesh[i] ?? { x: 0, y: 0 };
/** Where (x, y) lies along the segment from `from` to `to` (0..1 between them) and how far from it. */
function alongSegment(from: Point, to: Point, x: number, y: number): { t: number; off: number } {
  const t =
    ((x - from.x) * (to.x - from.x) + (y - from.y) * (to.y - from.y)) /
    ((to.x - from.x) ** 2 + (to.y - from.y) ** 2);
  const q = lerp(from, to, Math.max(0, Math.min(1, t)));
  return { t, off: Math.hypot(x - q.x, y - q.y) };
}

describe('faceMask', () => {
  it('covers cheeks, chin, lower forehead and every feature, but not the hairline or background', () => {
    const { region, rgb, at } = setUp();
    const covered = new Uint8Array(region.width * region.height).fill(1);
    const lab = rgbToLab(rgb);
    const width = headPose(mesh).width;
    const { blend, shade } = faceMask(
      models.cv,
      { model: mesh, placed: mesh },
      region,
      lab,
      covered,
      lab,
      width,
    );
    // The nose's skin is where light is read too (a sunlit nose is matched to the model's light), eyes are not.
    expect(at(shade.shopper, point(195))).toBe(1);
    expect(at(shade.model, point(195))).toBe(1);
    expect(at(shade.shopper, point(159))).toBe(0);
    for (const i of [205, 425, 152, 1, 0, 17, 159, 386, 105, 334, 9]) {
      const p = i === 152 ? lerp(point(152), point(1), 0.15) : point(i);
      expect(at(blend, p), `mesh point ${i}`).toBe(1);
    }
    expect(at(blend, point(10))).toBe(0);
    expect(at(blend, { x: region.left + 2, y: region.top + 2 })).toBe(0);
  });

  it("leaves out a strand of the shopper's hair that reaches in from the edge, keeps a mole", () => {
    const { rgb, paint, at, blendOf } = setUp();
    const shopper = Float32Array.from(rgb);
    // A dark strand, 6 px wide, from beside the face (out past the cheek's edge, 234) in over the cheek
    // toward the nose (205).
    const from = lerp(point(205), point(234), 1.3);
    const to = point(205);
    const onStrand = (x: number, y: number): boolean => {
      const { t, off } = alongSegment(from, to, x, y);
      return off < 3 && t > -0.2 && t < 0.85;
    };
    paint(shopper, onStrand, [40, 28, 20]);
    // A mole on the other cheek, well inside the face.
    const mole = point(425);
    paint(shopper, (x, y) => Math.hypot(x - mole.x - 6, y - mole.y - 6) < 3, [60, 40, 30]);
    const blend = blendOf(shopper, rgb);
    // Along the strand, on the cheek.
    expect(at(blend, lerp(from, to, 0.5))).toBe(0);
    expect(at(blend, lerp(from, to, 0.75))).toBe(0);
    expect(at(blend, { x: mole.x + 6, y: mole.y + 6 })).toBe(1);
  });

  it("leaves out the model's own hair over their face, keeping it in front", () => {
    const { rgb, paint, at, blendOf } = setUp();
    const model = Float32Array.from(rgb);
    // A lock over the model's right cheek from the jaw's edge (132) inward.
    const edge = point(132);
    const cheek = point(205);
    paint(
      model,
      (x, y) => Math.abs(y - lerp(edge, cheek, 0.5).y) < 4 && x < lerp(edge, cheek, 0.7).x,
      [30, 22, 18],
    );
    const blend = blendOf(rgb, model);
    expect(at(blend, lerp(edge, cheek, 0.5))).toBe(0);
    expect(at(blend, point(425))).toBe(1);
  });

  /** Paints a beard: the lower face, from the jaw's edge in, dark, except the lips. */
  function beard(target: Float32Array, paint: ReturnType<typeof setUp>['paint']): void {
    const mouth = lerp(point(13), point(14), 0.5);
    const halfMouth = Math.hypot(point(291).x - point(61).x, point(291).y - point(61).y) / 2;
    const top = point(2).y + 4;
    paint(
      target,
      (x, y) => y > top && Math.hypot(x - mouth.x, (y - mouth.y) * 2) > halfMouth + 3,
      [38, 28, 22],
    );
  }

  it("carries the shopper's beard whole, not punched out around the lips", () => {
    const { rgb, paint, at, blendOf } = setUp();
    const shopper = Float32Array.from(rgb);
    beard(shopper, paint);
    const blend = blendOf(shopper, rgb);
    expect(at(blend, lerp(point(17), point(152), 0.5))).toBe(1);
    expect(at(blend, lerp(point(150), point(1), 0.25))).toBe(1);
    expect(at(blend, lerp(point(379), point(1), 0.25))).toBe(1);
  });

  it("replaces the model's beard with the shopper's lower face", () => {
    const { rgb, paint, at, blendOf } = setUp();
    const model = Float32Array.from(rgb);
    beard(model, paint);
    const blend = blendOf(rgb, model);
    expect(at(blend, lerp(point(17), point(152), 0.5))).toBe(1);
    expect(at(blend, lerp(point(150), point(1), 0.25))).toBe(1);
  });

  it("goes over the dark crease a laugh draws from the model's mouth corner down to the jaw", () => {
    const { rgb, paint, at, blendOf } = setUp();
    const model = Float32Array.from(rgb);
    // A dark line, 5 px wide, from just outside the mouth corner (61) down to the jaw's edge (149).
    const from = point(61);
    const to = point(149);
    paint(
      model,
      (x, y) => {
        const { t, off } = alongSegment(from, to, x, y);
        return t > 0.05 && t < 1.1 && off < 2.5;
      },
      [35, 25, 20],
    );
    const blend = blendOf(rgb, model);
    expect(at(blend, lerp(from, to, 0.3))).toBe(1);
  });

  it("goes over the dark shade on the middle of a model's face under the eyes, even where it runs into hair", () => {
    const { rgb, paint, at, blendOf } = setUp();
    const model = Float32Array.from(rgb);
    // A dark band, 8 px wide, from beyond the cheek's edge (234) in to the side of the nose: a face's far side
    // in shade meeting the hair beside it.
    const from = lerp(point(234), point(1), -0.1);
    const to = lerp(point(205), point(1), 0.5);
    paint(
      model,
      (x, y) => {
        const { t, off } = alongSegment(from, to, x, y);
        return t >= 0 && t <= 1 && off < 4;
      },
      [30, 22, 20],
    );
    const blend = blendOf(rgb, model);
    // Near the edge it is the model's hair, left in front; in the middle of the face it is the face's own.
    expect(at(blend, lerp(from, to, 0.3))).toBe(0);
    expect(at(blend, lerp(from, to, 0.9))).toBe(1);
  });

  it("leaves the inside of a model's open mouth (teeth) to the model, and its lips to the shopper", () => {
    const { region, rgb, at } = setUp();
    const lab = rgbToLab(rgb);
    const covered = new Uint8Array(region.width * region.height).fill(1);
    // The model laughs: its lower lip, inner contour and outer, drops 14% of the face's width.
    const width = headPose(mesh).width;
    const lowerLip: readonly number[] = [
      ...FACE_PARTS.lowerInnerLip.slice(1, -1),
      146,
      91,
      181,
      84,
      17,
      314,
      405,
      321,
      375,
    ];
    const open = mesh.map((p, i) => (lowerLip.includes(i) ? { x: p.x, y: p.y + width * 0.14 } : p));
    const middle = lerp(point(13), open[14] ?? point(14), 0.5);
    const mask = (mouth: Point[] | null): Uint8Array =>
      faceMask(models.cv, { model: open, placed: open }, region, lab, covered, lab, width, mouth).blend;
    expect(at(mask(null), middle)).toBe(1);
    const teethLeft = mask(keptMouth(open, 1));
    expect(at(teethLeft, middle)).toBe(0);
    expect(at(teethLeft, point(0))).toBe(1);
    expect(at(teethLeft, open[17] ?? point(17))).toBe(1);
  });
});
