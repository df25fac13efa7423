import { describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import { frontPose, silhouetteOf } from '../../../test/fixtures/synthetic-person.ts';
import { bodyFrame } from '../fit/body-frame.ts';
import { bodyParts } from '../person/body-parts.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { tuckUnder } from './tuck-under.ts';

const pose = frontPose();
const frame = bodyFrame(pose, bodyParts(pose, silhouetteOf(pose)));

/** A garment canvas 100 x 200 px from (150, 300), fully covered in grey 200. */
function canvas(): GarmentCanvas {
  const c = emptyCanvas({ left: 150, top: 300, width: 100, height: 200 });
  c.rgb.fill(200);
  c.alpha.fill(1);
  c.part.fill(1);
  return c;
}

describe('tuckUnder', () => {
  // The shoulders' middle is at y 150 and the body upright: a hem 200 px down the body is at y 350.
  const tucked = canvas();
  const kept = tuckUnder(tucked, frame, 200);
  const at = (y: number): number => (y - tucked.top) * tucked.width + 50;

  it("hides the garment above the top's hem and keeps it below, with a soft edge", () => {
    expect(tucked.alpha[at(340)]).toBe(0);
    expect(tucked.alpha[at(350)]).toBeGreaterThan(0.2);
    expect(tucked.alpha[at(350)]).toBeLessThan(0.8);
    expect(tucked.alpha[at(360)]).toBe(1);
    expect(kept).toBeGreaterThan(0.72);
    expect(kept).toBeLessThan(0.78);
  });

  it("darkens the garment just under the top's hem, fading out", () => {
    const grey = (y: number): number => tucked.rgb[at(y) * 3] ?? 0;
    expect(grey(352)).toBeLessThan(185);
    expect(grey(352)).toBeLessThan(grey(356));
    expect(grey(356)).toBeLessThan(grey(370));
    expect(grey(450)).toBe(200);
  });

  it('keeps everything when the top ends above the garment', () => {
    const whole = canvas();
    expect(tuckUnder(whole, frame, 100)).toBe(1);
    expect(whole.alpha.every((a) => a === 1)).toBe(true);
  });
});
