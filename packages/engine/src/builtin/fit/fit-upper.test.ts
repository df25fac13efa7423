import { describe, expect, it } from 'vitest';
import {
  bodyShapes,
  drawMask,
  frontPose,
  HOOD,
  mapPose,
  PHOTO,
  pencilDress,
  SHIRT_BODY,
  SHIRT_LEFT_SLEEVE,
  SHIRT_RIGHT_SLEEVE,
  silhouetteOf,
  tShirt,
} from '../../../test/fixtures/synthetic-person.ts';
import { type GarmentAnalysis, GarmentPart } from '../garment/garment.ts';
import { bodyParts } from '../person/body-parts.ts';
import type { BodyPose } from '../person/body-pose.ts';
import { bodyFrame } from './body-frame.ts';
import { fitUpper, kneeDepth } from './fit-upper.ts';
import { type Layer, layerAlpha } from './warp-layer.ts';

/** Photo-space bounds and colours of a layer's opaque (alpha > 128) pixels. */
function opaque(layer: Layer | null): {
  top: number;
  bottom: number;
  left: number;
  right: number;
  colours: Set<string>;
  count: number;
} {
  const out = {
    top: Infinity,
    bottom: -Infinity,
    left: Infinity,
    right: -Infinity,
    colours: new Set<string>(),
    count: 0,
  };
  if (!layer) return out;
  for (let y = 0; y < layer.height; y++) {
    for (let x = 0; x < layer.width; x++) {
      const o = (y * layer.width + x) * 4;
      if ((layer.rgba[o + 3] ?? 0) <= 128) continue;
      out.count++;
      out.top = Math.min(out.top, layer.top + y);
      out.bottom = Math.max(out.bottom, layer.top + y);
      out.left = Math.min(out.left, layer.left + x);
      out.right = Math.max(out.right, layer.left + x);
      out.colours.add(`${layer.rgba[o]},${layer.rgba[o + 1]},${layer.rgba[o + 2]}`);
    }
  }
  return out;
}

/** The lowest opaque row of a layer in photo column `x`. */
function lowestIn(layer: Layer | null, x: number): number {
  if (!layer) return -1;
  for (let y = layer.top + layer.height - 1; y >= layer.top; y--) if (layerAlpha(layer, x, y) > 128) return y;
  return -1;
}

function fit(garment: GarmentAnalysis, pose: BodyPose = frontPose(), silhouette = silhouetteOf(pose)) {
  const parts = bodyParts(pose, silhouette);
  const frame = bodyFrame(pose, parts);
  return { frame, fitted: fitUpper(garment, pose, frame, PHOTO) };
}

describe('fitUpper', () => {
  const { frame, fitted } = fit(tShirt());
  const neckBase = frame.neck.y - frame.span * 0.1;

  it('covers the torso between the shoulders and the hips with the garment’s body', () => {
    expect(fitted).not.toBeNull();
    const body = fitted?.body ?? null;
    for (const [x, y] of [
      [200, 170],
      [200, 250],
      [200, 320],
      [160, 200],
      [240, 200],
      [170, 300],
      [230, 300],
    ] as const) {
      expect(layerAlpha(body, x, y), `(${x}, ${y})`).toBe(255);
    }
    // Only the garment's body part, in its own colour.
    expect([...opaque(body).colours]).toEqual([SHIRT_BODY.join(',')]);
  });

  it('never reaches above the neck’s base, nor over the face', () => {
    const body = opaque(fitted?.body ?? null);
    // The neckline rises with the shoulders beside the neck, but never past a third of the span above them.
    expect(body.top).toBeGreaterThanOrEqual(Math.floor(frame.neck.y - frame.span * 0.32) - 2);
    expect(layerAlpha(fitted?.body ?? null, 200, 100)).toBe(0);
    // The neckline is open: the middle of the neck's base is bare, the garment dips to its front point.
    expect(layerAlpha(fitted?.body ?? null, 200, Math.round(neckBase) + 2)).toBe(0);
  });

  it('is about as wide as the body with ease and ends a little below the hips', () => {
    const body = opaque(fitted?.body ?? null);
    // Torso 100-120 px wide in the silhouette; the shirt a little wider but not as wide as the arms’ span.
    expect(body.left).toBeGreaterThan(110);
    expect(body.right).toBeLessThan(290);
    expect(body.bottom).toBeGreaterThan(335);
    expect(body.bottom).toBeLessThanOrEqual(Math.ceil(frame.neck.y + frame.torsoLength * 1.35) + 2);
  });

  it('takes the print round the torso: stripes shown wider in the middle than towards the sides', () => {
    // The shirt's body in vertical stripes 6 px wide, dark and light by turns.
    const striped = tShirt();
    const { width, height } = striped.image;
    for (let i = 0; i < width * height; i++) {
      if (striped.parts[i] !== GarmentPart.body) continue;
      const dark = Math.floor((i % width) / 6) % 2 === 0;
      striped.image.data.set(dark ? [40, 10, 10] : [220, 60, 60], i * 4);
    }
    const body = fit(striped).fitted?.body ?? null;
    // Stripe widths along a row at the waist, from the body's left edge to its right.
    const y = 280;
    const runs: number[] = [];
    let run = 0;
    let was: boolean | null = null;
    for (let x = 0; x < PHOTO.width; x++) {
      if (layerAlpha(body, x, y) <= 128) continue;
      const o = ((y - (body?.top ?? 0)) * (body?.width ?? 0) + (x - (body?.left ?? 0))) * 4;
      const dark = (body?.rgba[o] ?? 0) < 130;
      if (dark === was) run++;
      else {
        if (was !== null) runs.push(run);
        run = 1;
        was = dark;
      }
    }
    // Whole stripes only (the first and last may be cut by the outline).
    const whole = runs.slice(1, -1);
    expect(whole.length).toBeGreaterThan(6);
    const middle = whole[Math.floor(whole.length / 2)] ?? 0;
    const sides = Math.max(whole[0] ?? 0, whole.at(-1) ?? 0);
    expect(middle).toBeGreaterThan(sides + 1);
  });

  it('puts each sleeve over its own upper arm, starting at the shoulder', () => {
    const left = fitted?.limbs.left ?? null;
    const right = fitted?.limbs.right ?? null;
    // The person's left arm is on the picture's right.
    expect(layerAlpha(left, 270, 175)).toBe(255);
    expect(layerAlpha(right, 130, 175)).toBe(255);
    expect(layerAlpha(left, 130, 175)).toBe(0);
    expect(layerAlpha(right, 270, 175)).toBe(0);
    expect([...opaque(left).colours]).toEqual([SHIRT_LEFT_SLEEVE.join(',')]);
    expect([...opaque(right).colours]).toEqual([SHIRT_RIGHT_SLEEVE.join(',')]);
    // A T-shirt's sleeve starts at the shoulder and stops above the elbow.
    const l = opaque(left);
    expect(l.top).toBeLessThan(frame.neck.y + 5);
    expect(l.bottom).toBeLessThan(250);
    expect(layerAlpha(left, 283, 300)).toBe(0);
    expect(l.left).toBeGreaterThan(235);
  });

  it('ends a short sleeve level round the hanging arm, not in a point down its inside', () => {
    // The flat lay's sleeve points out and down, its cuff square to it; worn on an arm hanging straight
    // down, the cuff goes round the arm, square to it: level across the sleeve.
    const left = fitted?.limbs.left ?? null;
    const l = opaque(left);
    const inner = lowestIn(left, l.left + 4);
    const outer = lowestIn(left, l.right - 4);
    expect(Math.abs(outer - inner)).toBeLessThanOrEqual(frame.span * 0.08);
  });

  it('hangs the hem lowest at the front, below its sides, on a standing person only', () => {
    // The hem's rise from its middle to near each side (a tenth of the garment's width in).
    const rise = (layer: Layer | null): number => {
      const b = opaque(layer);
      const inset = Math.round((b.right - b.left) / 10);
      return (
        lowestIn(layer, 200) - Math.max(lowestIn(layer, b.left + inset), lowestIn(layer, b.right - inset))
      );
    };
    expect(rise(fitted?.body ?? null)).toBeGreaterThanOrEqual(frame.span * 0.03);
    const seated = frontPose({ leftKnee: { x: 250, y: 370 }, rightKnee: { x: 150, y: 370 } });
    expect(Math.abs(rise(fit(tShirt(), seated).fitted?.body ?? null))).toBeLessThanOrEqual(1);
  });

  it("keeps a turned person's sleeves about as long and as wide round the arm as a front view's", () => {
    // The same person turned away: everything squeezed to 45% across the photo, so the chest reads under
    // half as wide while the arms keep their length. Scaled by the chest alone, the sleeve was a sliver a
    // quarter of the front view's (384 px of 1,649) ending 12 px higher up the arm.
    const turned = mapPose(frontPose(), (q) => ({ x: 200 + (q.x - 200) * 0.45, y: q.y }));
    const sleeve = opaque(fit(tShirt(), turned).fitted?.limbs.left ?? null);
    const front = opaque(fitted?.limbs.left ?? null);
    expect(sleeve.count).toBeGreaterThan(front.count * 0.45);
    expect(sleeve.bottom).toBeGreaterThanOrEqual(front.bottom - 6);
  });

  it('hangs a sleeve down the body when the pose only guessed its arm (upwards here)', () => {
    const hidden = frontPose({
      leftElbow: { x: 300, y: 70, score: 0.2 },
      leftWrist: { x: 320, y: 10, score: 0.1 },
    });
    const { frame: f, fitted: hanging } = fit(tShirt(), hidden);
    const l = opaque(hanging?.limbs.left ?? null);
    expect(l.count).toBeGreaterThan(200);
    // From the shoulder down, out beside the body: nothing up where the guessed elbow is.
    expect(l.top).toBeGreaterThan(f.neck.y - f.span * 0.3);
    expect(l.bottom).toBeGreaterThan(f.neck.y + f.span * 0.3);
    expect(l.left).toBeGreaterThan(200);
    // The arm the pose saw keeps its sleeve where it was.
    expect(opaque(hanging?.limbs.right ?? null)).toMatchObject({
      top: opaque(fitted?.limbs.right ?? null).top,
    });
  });

  it("folds a hoodie's hood down behind the neck, in a round falling to the shoulders, never up beside the head", () => {
    const { frame: f, fitted: hoodie } = fit(tShirt({ hood: true }));
    // Its own layer, behind the body (the composition lets it stand off the body as bulk).
    const layer = hoodie?.hood ?? null;
    expect(layer).not.toBeNull();
    let shown = 0;
    let highest = Infinity;
    let highestOut = Infinity;
    let widest = 0;
    for (let y = 0; layer && y < layer.height; y++) {
      for (let x = 0; x < layer.width; x++) {
        const o = (y * layer.width + x) * 4;
        if ((layer.rgba[o + 3] ?? 0) <= 128 || `${layer.rgba.slice(o, o + 3)}` !== HOOD.join(',')) continue;
        shown++;
        const off = Math.abs(layer.left + x - f.neck.x);
        highest = Math.min(highest, layer.top + y);
        if (off > f.span * 0.3) highestOut = Math.min(highestOut, layer.top + y);
        widest = Math.max(widest, off);
      }
    }
    // Some of it frames the neckline; none higher than a seventh of the span above the neckline's highest,
    // none further out than the shoulders' middle (flat, this hood is wider: its corners would stick out).
    expect(shown).toBeGreaterThan(50);
    expect(highest).toBeGreaterThanOrEqual(Math.floor(f.neck.y - f.span * (0.32 + 0.14 + 0.02)));
    expect(widest).toBeLessThanOrEqual(f.span * 0.43);
    // Out towards the shoulders it lies lower than behind the neck: a round, not a square collar.
    expect(highestOut).toBeGreaterThan(highest + f.span * 0.05);
    // The body's layer holds none of it.
    const body = hoodie?.body;
    let inBody = 0;
    for (let o = 0; body && o < body.rgba.length; o += 4) {
      if ((body.rgba[o + 3] ?? 0) > 128 && `${body.rgba.slice(o, o + 3)}` === HOOD.join(',')) inBody++;
    }
    expect(inBody).toBe(0);
  });

  it('says whether its sleeves reach the wrists: a hoodie’s do, a T-shirt’s do not', () => {
    expect(fitted?.longSleeves).toBe(false);
    expect(fit(tShirt({ hood: true })).fitted?.longSleeves).toBe(true);
  });

  it('is not fitted without the neck, shoulder or armpit landmarks', () => {
    const shirt = tShirt();
    const { armpit: _armpit, ...noArmpit } = shirt.landmarks;
    expect(fit({ ...shirt, landmarks: noArmpit }).fitted).toBeNull();
    const { neck: _neck, ...noNeck } = shirt.landmarks;
    expect(fit({ ...shirt, landmarks: noNeck }).fitted).toBeNull();
  });

  it('makes no sleeve layers for a sleeveless garment', () => {
    const shirt = tShirt();
    const { sleeves: _sleeves, ...tank } = shirt.landmarks;
    const result = fit({ ...shirt, kind: 'tank', landmarks: tank }).fitted;
    expect(result?.limbs).toEqual({ left: null, right: null });
    expect(layerAlpha(result?.body ?? null, 200, 250)).toBe(255);
  });

  it('takes a narrow dress out over the hips where it passes them, not only as wide as it was cut', () => {
    // A pencil dress on the person whose thighs (capsules 28 px round the hip-to-knee bones) reach 68 px
    // either side of the middle a quarter of the torso below the hips (y 375), where the dress is cut 45.
    const { fitted: dress } = fit(pencilDress());
    const row = (y: number): { left: number; right: number } => {
      let left = Infinity;
      let right = -Infinity;
      for (let x = 0; x < PHOTO.width; x++) {
        if (layerAlpha(dress?.body ?? null, x, y) <= 128) continue;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
      return { left, right };
    };
    const seat = row(375);
    expect(seat.left).toBeLessThanOrEqual(200 - 66);
    expect(seat.right).toBeGreaterThanOrEqual(200 + 66);
    // Above the hips it keeps the torso's width, not the seat's: the waist is not let out with them.
    const waist = row(290);
    expect(waist.right - waist.left).toBeLessThan(seat.right - seat.left - 10);
  });

  it('stops a top shorter on a seated person, whose knees are just below the hips', () => {
    const seated = frontPose({ leftKnee: { x: 250, y: 370 }, rightKnee: { x: 150, y: 370 } });
    const { frame: f, fitted: onLap } = fit(tShirt(), seated);
    expect(kneeDepth(f, seated)).toBeCloseTo(220);
    const standing = opaque(fitted?.body ?? null);
    const sitting = opaque(onLap?.body ?? null);
    expect(sitting.bottom).toBeLessThan(standing.bottom);
    expect(sitting.bottom).toBeLessThanOrEqual(Math.ceil(f.neck.y + f.torsoLength * 1.1) + 2);
  });

  it("takes a standing person's torso as at least 5.5 eye-to-mouth lengths: hips the pose put high do not crop a top", () => {
    // The hips 70 px higher than the body's (a torso of 110 px under a face 28 px from eyes to mouth).
    const hips = { leftHip: { x: 240, y: 260 }, rightHip: { x: 160, y: 260 } };
    const high = frontPose(hips);
    const faceless = frontPose({
      ...hips,
      leftEye: { x: 212, y: 72, score: 0.1 },
      rightEye: { x: 188, y: 72, score: 0.1 },
    });
    const { frame: f, fitted: byFace } = fit(tShirt(), high, silhouetteOf(frontPose()));
    const { fitted: byHips } = fit(tShirt(), faceless, silhouetteOf(frontPose()));
    const withFace = opaque(byFace?.body ?? null);
    const hipsOnly = opaque(byHips?.body ?? null);
    expect(withFace.bottom).toBeGreaterThan(hipsOnly.bottom + 20);
    expect(withFace.bottom).toBeLessThanOrEqual(Math.ceil(f.neck.y + 5.5 * 28 * 1.35) + 2);
  });

  it('raises the neckline onto high, sloping shoulders beside the neck, but never onto a bowed chin', () => {
    // A long neck, and shoulders whose top beside it lies 0.28 span above the joints (a muscled neckline).
    const trapezius = {
      kind: 'polygon' as const,
      points: [
        { x: 140, y: 140 },
        { x: 178, y: 116 },
        { x: 222, y: 116 },
        { x: 260, y: 140 },
      ],
    };
    const upright = frontPose({
      nose: { y: 60 },
      leftEye: { y: 48 },
      rightEye: { y: 48 },
      leftMouth: { y: 76 },
      rightMouth: { y: 76 },
    });
    const high = fit(
      tShirt(),
      upright,
      drawMask(PHOTO.width, PHOTO.height, [...bodyShapes(upright), trapezius]),
    );
    const raised = opaque(high.fitted?.body ?? null);
    expect(raised.top).toBeLessThan(high.frame.neck.y - high.frame.span * 0.2);
    // The same shoulders with the head bowed: the chin (mouth + 0.8 of eyes-to-mouth) comes down to 141.
    const bowed = frontPose({
      nose: { y: 118 },
      leftEye: { y: 105 },
      rightEye: { y: 105 },
      leftMouth: { y: 125 },
      rightMouth: { y: 125 },
    });
    const low = fit(tShirt(), bowed, drawMask(PHOTO.width, PHOTO.height, [...bodyShapes(bowed), trapezius]));
    const chin = 125 + (125 - 105) * 0.8;
    // Below the chin, across the face's width, nothing of the garment comes above the neckline.
    for (let x = 180; x <= 220; x += 5) {
      for (let y = 100; y < Math.floor(chin + low.frame.span * 0.05) - 2; y++) {
        expect(layerAlpha(low.fitted?.body ?? null, x, y), `(${x}, ${y})`).toBe(0);
      }
    }
  });
});
