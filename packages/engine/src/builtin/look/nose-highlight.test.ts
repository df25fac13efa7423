import { beforeAll, describe, expect, it } from 'vitest';
import { loadModels } from '../worker/load-models.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { softenNoseHighlight } from './nose-highlight.ts';

const size = 120;
const region = { left: 0, top: 0, width: size, height: size };
let cv: OpenCv;

beforeAll(async () => {
  ({ cv } = await loadModels());
}, 60_000);

/**
 * Lab lightness of a face of skin at 60: the nose (a 20 x 40 box in the middle) with a highlight of 85 on its
 * tip and its sides in shade at 50; a shiny spot of 85 on a cheek too.
 */
function face(): { lab: Float32Array; nose: Uint8Array; skin: Uint8Array } {
  const lab = new Float32Array(size * size * 3);
  const nose = new Uint8Array(size * size);
  const skin = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const onNose = x >= 50 && x < 70 && y >= 40 && y < 80;
      nose[i] = onNose ? 1 : 0;
      skin[i] = onNose ? 0 : 1;
      let l = 60;
      if (onNose && Math.hypot(x - 60, y - 70) < 5) l = 85;
      else if (onNose && (x < 53 || x >= 67)) l = 50;
      if (Math.hypot(x - 25, y - 60) < 5) l = 85;
      lab.set([l, 12, 16], i * 3);
      // The highlight is warm: its yellow-blue (b) at 40 against the skin's 16.
      if (onNose && Math.hypot(x - 60, y - 70) < 5) lab[i * 3 + 2] = 40;
    }
  }
  return { lab, nose, skin };
}

describe('softenNoseHighlight', () => {
  it("takes most of a highlight off the nose, and of its warmth, but not a cheek's, nor the nose's shaded sides", () => {
    const { lab, nose, skin } = face();
    softenNoseHighlight(cv, lab, { nose, skin }, region, 100);
    const l = (x: number, y: number): number => lab[(y * size + x) * 3] ?? 0;
    // 85 was 25 over the skin: at most 6 and 40% of the rest are left.
    expect(l(60, 70)).toBeLessThan(76);
    expect(l(60, 70)).toBeGreaterThan(62);
    expect(l(25, 60)).toBe(85);
    expect(l(51, 60)).toBe(50);
    // The shaded sides keep their colour; the highlight's (the same here) stays the skin's.
    expect(lab[(60 * size + 51) * 3 + 1]).toBe(12);
    expect(lab[(70 * size + 60) * 3 + 1]).toBeCloseTo(12, 3);
    // The warm b of 40 moves most of the way to the skin's 16 round it.
    expect(lab[(70 * size + 60) * 3 + 2]).toBeLessThan(32);
  });
});
