import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { eyesHidden, eyeUnderHair, glassesGlare } from './covered-eyes.ts';

const RIGHT_EYE = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246];
const LEFT_EYE = [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466];
const SKIN = [205, 160, 135] as const;
const EYES = [
  { x: 75, y: 85 },
  { x: 125, y: 85 },
];

/** A 200 px face: skin everywhere, cheeks sampled at the mesh's sample points, two eyes 24 px wide. */
function face(paint: (x: number, y: number) => readonly number[] | null): { image: Raster; mesh: Point[] } {
  const mesh: Point[] = Array.from({ length: 468 }, () => ({ x: 100, y: 100 }));
  mesh[0] = { x: 40, y: 100 };
  mesh[1] = { x: 160, y: 100 };
  mesh[205] = { x: 70, y: 135 };
  mesh[425] = { x: 130, y: 135 };
  mesh[195] = { x: 100, y: 115 };
  for (const [eye, indices] of [
    [EYES[0], RIGHT_EYE],
    [EYES[1], LEFT_EYE],
  ] as const) {
    indices.forEach((index, k) => {
      const angle = Math.PI + (Math.PI * k) / 8;
      mesh[index] = { x: (eye?.x ?? 0) + 12 * Math.cos(angle), y: (eye?.y ?? 0) - 5 * Math.sin(angle) };
    });
  }
  // Brows 12 px above the eyes, outer end to inner (70 and 300 outer).
  [70, 63, 105, 66, 107].forEach((index, k) => {
    mesh[index] = { x: 61 + 7 * k, y: 72 };
  });
  [300, 293, 334, 296, 336].forEach((index, k) => {
    mesh[index] = { x: 139 - 7 * k, y: 72 };
  });
  const width = 200;
  const height = 200;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y) ?? SKIN, (y * width + x) * 3);
  }
  const image: Raster = { data, width, height, channels: 3 };
  return { image, mesh };
}

const near = (x: number, y: number, rx: number, ry: number): boolean =>
  EYES.some((e) => ((x - e.x) / rx) ** 2 + ((y - e.y) / ry) ** 2 <= 1);
const bareEye = (x: number, y: number): readonly number[] | null => {
  if (EYES.some((e) => Math.hypot(x - e.x, y - e.y) <= 4)) return [50, 35, 25];
  return near(x, y, 12, 5) ? [235, 235, 230] : null;
};

describe('eyesHidden', () => {
  it('sees bare eyes, with or without shade under them, as open', () => {
    expect(eyesHidden(face(bareEye).image, face(bareEye).mesh)).toBe(false);
    const tired = face((x, y) => bareEye(x, y) ?? (near(x, y - 9, 14, 6) ? SKIN.map((v) => v * 0.75) : null));
    expect(eyesHidden(tired.image, tired.mesh)).toBe(false);
  });

  it('reads each eye against its own cheek, so a face lit from one side keeps both eyes', () => {
    // The picture's right half in shade: its eye, the skin under it and its cheek at 0.45 of the lit side.
    const sideLit = face((x, y) => {
      const colour = bareEye(x, y) ?? SKIN;
      return x >= 100 ? colour.map((v) => v * 0.45) : colour;
    });
    expect(eyesHidden(sideLit.image, sideLit.mesh)).toBe(false);
  });

  it('does not take a bare eye in a deep shadow for a lens: the pupil and lashes are darker than the shade', () => {
    const socket = face((x, y) => {
      if (EYES.some((e) => Math.hypot(x - e.x, y - e.y) <= 4)) return [8, 6, 5];
      if (near(x, y, 12, 5)) return [125, 120, 115];
      return near(x, y - 3, 20, 13) ? SKIN.map((v) => v * 0.5) : null;
    });
    expect(eyesHidden(socket.image, socket.mesh)).toBe(false);
  });

  it('sees dark lenses over the eyes and the skin below them as hidden', () => {
    const shades = face((x, y) => (near(x, y - 3, 20, 13) ? [30, 28, 30] : null));
    expect(eyesHidden(shades.image, shades.mesh)).toBe(true);
    // One lens is enough: the look cannot carry an eye it cannot see.
    const one = face((x, y) => (near(x, y - 3, 20, 13) && x < 100 ? [30, 28, 30] : bareEye(x, y)));
    expect(eyesHidden(one.image, one.mesh)).toBe(true);
  });

  it('does not take closed lids without dark glasses for hidden eyes', () => {
    const closed = face((x, y) =>
      EYES.some((e) => Math.abs(y - e.y) < 1 && Math.abs(x - e.x) < 12) ? [40, 30, 25] : null,
    );
    expect(eyesHidden(closed.image, closed.mesh)).toBe(false);
  });
});

describe('eyeUnderHair', () => {
  /** A lock of light hair over the picture's left eye and the skin around it. */
  const lock = (x: number, y: number): readonly number[] | null =>
    x < 100 && near(x, y - 3, 20, 13) ? [215, 185, 125] : bareEye(x, y);

  it('sees one eye of a face turned to the camera behind a lock of light hair', () => {
    const { image, mesh } = face(lock);
    expect(eyeUnderHair(image, mesh, 5)).toBe(true);
    // Dark glasses are not its business: their lens is darker than any iris.
    expect(eyesHidden(image, mesh)).toBe(false);
  });

  it('lets two bare eyes pass, also on a face lit from one side', () => {
    expect(eyeUnderHair(face(bareEye).image, face(bareEye).mesh, 0)).toBe(false);
    const sideLit = face((x, y) => {
      const colour = bareEye(x, y) ?? SKIN;
      return x >= 100 ? colour.map((v) => v * 0.45) : colour;
    });
    expect(eyeUnderHair(sideLit.image, sideLit.mesh, 0)).toBe(false);
  });

  it('does not compare the eyes of a turned face, whose far eye is small and shaded', () => {
    const { image, mesh } = face(lock);
    expect(eyeUnderHair(image, mesh, 35)).toBe(false);
  });

  it('lets pass two eyes that are both pale in the photo (a faded picture), as neither is hidden alone', () => {
    const faded = face((x, y) => (near(x, y, 12, 5) ? [185, 165, 150] : null));
    expect(eyeUnderHair(faded.image, faded.mesh, 0)).toBe(false);
  });
});

describe('glassesGlare', () => {
  /** A lens reflecting a window: a pale grey sheet over the upper part of the lens round each eye. */
  const glare =
    (colour: readonly number[], eyes: number[] = [0, 1]) =>
    (x: number, y: number): readonly number[] | null => {
      const lens = eyes.some((k) => {
        const e = EYES[k] ?? { x: 0, y: 0 };
        return Math.hypot(x - e.x, y - e.y) <= 16 && y < e.y - 1;
      });
      return lens ? colour : bareEye(x, y);
    };

  it('sees light reflected in glasses over an eye, on dark skin and on light skin', () => {
    const dark = face((x, y) => glare([215, 218, 220])(x, y) ?? [95, 62, 45]);
    expect(glassesGlare(dark.image, dark.mesh)).toBe(true);
    const one = face(glare([245, 246, 248], [1]));
    expect(glassesGlare(one.image, one.mesh)).toBe(true);
  });

  it('lets bare eyes, clear glasses and coloured eye shadow pass', () => {
    expect(glassesGlare(face(bareEye).image, face(bareEye).mesh)).toBe(false);
    // A lid as light as the glare, but pink: make-up, not a reflection.
    const shadow = face(glare([250, 200, 215]));
    expect(glassesGlare(shadow.image, shadow.mesh)).toBe(false);
    // A faint grey sheen, a little lighter than the skin round it.
    const sheen = face(glare([198, 194, 190]));
    expect(glassesGlare(sheen.image, sheen.mesh)).toBe(false);
  });
});
