import { describe, expect, it } from 'vitest';
import { frontPose, mapPose, PHOTO } from '../../../test/fixtures/synthetic-person.ts';
import { checkPose } from './check-pose.ts';

describe('checkPose', () => {
  it('lets an upright front view be dressed in any garment', () => {
    const pose = frontPose();
    expect(checkPose(pose, 'upper', PHOTO)).toBeNull();
    expect(checkPose(pose, 'dress', PHOTO)).toBeNull();
    expect(checkPose(pose, 'lower', PHOTO)).toBeNull();
  });

  it("refuses a back view: the person's left shoulder on the picture's left", () => {
    const pose = frontPose({ leftShoulder: { x: 140 }, rightShoulder: { x: 260 } });
    expect(checkPose(pose, 'upper', PHOTO)?.code).toBe('PERSON_BACK_VIEW');
  });

  it('refuses a person turned away who looks back over a shoulder: the nose well beyond the shoulders', () => {
    // Shoulders at x 140 and 260 (the person's right on the picture's left); the head moved with the face
    // to 50 px left of the right shoulder, 0.42 of the span beyond it.
    const face = frontPose().points;
    const moved = Object.fromEntries(
      (['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar', 'leftMouth', 'rightMouth'] as const).map(
        (joint) => [joint, { x: face[joint].x - 110 }],
      ),
    );
    const back = frontPose(moved);
    expect(back.points.nose.x).toBe(90);
    expect(checkPose(back, 'upper', PHOTO)?.code).toBe('PERSON_SIDE_VIEW');
    // A head tilted onto a shoulder, the nose just past it (0.1 of the span), is still a front view.
    expect(checkPose(frontPose({ nose: { x: 128 } }), 'upper', PHOTO)).toBeNull();
  });

  it('refuses a side view: shoulders narrower than about a head', () => {
    // Ears 56 px apart, shoulders 40 px apart (a front view has them ~2.5 heads apart).
    const pose = frontPose({ leftShoulder: { x: 220 }, rightShoulder: { x: 180 } });
    expect(checkPose(pose, 'upper', PHOTO)?.code).toBe('PERSON_SIDE_VIEW');
  });

  it('refuses a side view from shoulders short against a long torso, with the hips seen', () => {
    // Shoulders 1.2 heads apart (not refused on the head alone) but only 0.17 of the torso's length.
    const pose = frontPose({
      leftShoulder: { x: 234 },
      rightShoulder: { x: 166 },
      leftHip: { y: 550 },
      rightHip: { y: 550 },
    });
    expect(checkPose(pose, 'upper', PHOTO)?.code).toBe('PERSON_SIDE_VIEW');
    // The same shoulders with the hips not seen are not judged by the torso.
    const hidden = frontPose({
      leftShoulder: { x: 234 },
      rightShoulder: { x: 166 },
      leftHip: { y: 550, score: 0.1 },
      rightHip: { y: 550, score: 0.1 },
    });
    expect(checkPose(hidden, 'upper', PHOTO)).toBeNull();
  });

  it('refuses a tiny person, measured against the photo', () => {
    const tiny = mapPose(frontPose(), (q) => ({ x: 100 + q.x * 0.2, y: 100 + q.y * 0.2 }));
    expect(checkPose(tiny, 'upper', PHOTO)?.code).toBe('PERSON_TOO_SMALL');
    // The same person filling a photo a fifth the size is large enough.
    const filling = mapPose(frontPose(), (q) => ({ x: q.x * 0.2, y: q.y * 0.2 }));
    const fifth = { width: PHOTO.width * 0.2, height: PHOTO.height * 0.2 };
    expect(checkPose(filling, 'upper', fifth)).toBeNull();
    // The full-size person in a photo five times as big (shoulders 41 px at 1024) is too small.
    const fivefold = { width: PHOTO.width * 5, height: PHOTO.height * 5 };
    expect(checkPose(frontPose(), 'upper', fivefold)?.code).toBe('PERSON_TOO_SMALL');
  });

  it('refuses a top or a dress on a photo that ends just below the shoulders', () => {
    // Shoulders at y 150, 120 px apart: a photo 240 px high shows 0.75 of the span below them.
    const portrait = { width: PHOTO.width, height: 240 };
    expect(checkPose(frontPose(), 'upper', portrait)?.code).toBe('PERSON_BODY_HIDDEN');
    expect(checkPose(frontPose(), 'dress', portrait)?.code).toBe('PERSON_BODY_HIDDEN');
    // 270 px high: a full span below them, enough to show a top.
    expect(checkPose(frontPose(), 'upper', { width: PHOTO.width, height: 270 })).toBeNull();
  });

  it('refuses wrists crossed over the middle between shoulders and hips', () => {
    const crossed = frontPose({ leftWrist: { x: 170, y: 250 }, rightWrist: { x: 230, y: 250 } });
    expect(checkPose(crossed, 'upper', PHOTO)?.code).toBe('PERSON_ARMS_CROSSED');
  });

  it('lets through hands that do not cross: one wrist across, wrists low, or a wrist not seen', () => {
    const one = frontPose({ leftWrist: { x: 170, y: 250 } });
    expect(checkPose(one, 'upper', PHOTO)).toBeNull();
    // Both across but far below the hips' level (1.8 spans below the shoulders).
    const low = frontPose({ leftWrist: { x: 170, y: 400 }, rightWrist: { x: 230, y: 400 } });
    expect(checkPose(low, 'upper', PHOTO)).toBeNull();
    const unseen = frontPose({ leftWrist: { x: 170, y: 250, score: 0.2 }, rightWrist: { x: 230, y: 250 } });
    expect(checkPose(unseen, 'upper', PHOTO)).toBeNull();
    // Hands on the hips, wrists just inside the shoulders' line but not past the middle.
    const hips = frontPose({ leftWrist: { x: 215, y: 320 }, rightWrist: { x: 185, y: 320 } });
    expect(checkPose(hips, 'upper', PHOTO)).toBeNull();
  });

  it('refuses a lower-body garment without the knees seen, a dress without the hips', () => {
    const noKnees = frontPose({ leftKnee: { score: 0.2 }, rightKnee: { score: 0.3 } });
    expect(checkPose(noKnees, 'lower', PHOTO)?.code).toBe('PERSON_BODY_HIDDEN');
    expect(checkPose(noKnees, 'dress', PHOTO)).toBeNull();
    expect(checkPose(noKnees, 'upper', PHOTO)).toBeNull();
    const noHips = frontPose({ leftHip: { score: 0.2 } });
    expect(checkPose(noHips, 'dress', PHOTO)?.code).toBe('PERSON_BODY_HIDDEN');
    expect(checkPose(noHips, 'lower', PHOTO)?.code).toBe('PERSON_BODY_HIDDEN');
    expect(checkPose(noHips, 'upper', PHOTO)).toBeNull();
  });

  it('dresses hips placed in the photo with little confidence (a dress over them), not hips below it', () => {
    // Hips at 0.35 and 0.4, as BlazePose scores hips under a dress: placed, in the photo, 270 px up.
    const covered = frontPose({ leftHip: { score: 0.35 }, rightHip: { score: 0.4 } });
    expect(checkPose(covered, 'dress', PHOTO)).toBeNull();
    // Trousers and skirts still need them seen.
    expect(checkPose(covered, 'lower', PHOTO)?.code).toBe('PERSON_BODY_HIDDEN');
    // The same hips at the photo's bottom edge (within a tenth of the 120 px span: below 588 of 600) or
    // below it: not in it. (Knees unseen, so that only the hips are in question.)
    const knees = { leftKnee: { score: 0.1 }, rightKnee: { score: 0.1 } };
    expect(checkPose(frontPose({ ...knees, leftHip: { y: 585, score: 0.35 } }), 'dress', PHOTO)).toBeNull();
    for (const y of [595, 640]) {
      const cut = frontPose({ ...knees, leftHip: { y, score: 0.35 }, rightHip: { y, score: 0.4 } });
      expect(checkPose(cut, 'dress', PHOTO)?.code, `hips at ${y}`).toBe('PERSON_BODY_HIDDEN');
    }
  });

  it('refuses a lower-body garment on thighs folded toward the camera (seated), a dress only on thighs coming at it', () => {
    // Knees 60 px below the hips against a 180 px torso: a third of it, a standing person has about 0.8.
    const seated = frontPose({ leftKnee: { y: 390 }, rightKnee: { y: 390 } });
    expect(checkPose(seated, 'lower', PHOTO)?.code).toBe('PERSON_BODY_HIDDEN');
    expect(checkPose(seated, 'dress', PHOTO)).toBeNull();
    expect(checkPose(seated, 'upper', PHOTO)).toBeNull();
    // Knees 30 px below (a sixth of the torso): thighs coming straight at the camera, no lap for a dress.
    const leaning = frontPose({ leftKnee: { y: 360 }, rightKnee: { y: 360 } });
    expect(checkPose(leaning, 'dress', PHOTO)?.code).toBe('PERSON_BODY_HIDDEN');
    expect(checkPose(leaning, 'upper', PHOTO)).toBeNull();
    // ... unless the knees are not seen, which says nothing of the thighs.
    const unseen = frontPose({ leftKnee: { y: 360, score: 0.1 }, rightKnee: { y: 360, score: 0.1 } });
    expect(checkPose(unseen, 'dress', PHOTO)).toBeNull();
    // Knees 120 px below (two thirds of the torso): dressed.
    expect(checkPose(frontPose(), 'lower', PHOTO)).toBeNull();
  });

  it('finds no person when a shoulder is not placed with confidence, whatever else is wrong', () => {
    expect(checkPose(frontPose({ rightShoulder: { score: 0.3 } }), 'upper', PHOTO)?.code).toBe('NO_PERSON');
    const backAndLow = frontPose({
      leftShoulder: { x: 140, score: 0.4 },
      rightShoulder: { x: 260, score: 0.4 },
    });
    expect(checkPose(backAndLow, 'upper', PHOTO)?.code).toBe('NO_PERSON');
  });

  it('gives a message with every refusal', () => {
    const refusal = checkPose(
      frontPose({ leftShoulder: { x: 140 }, rightShoulder: { x: 260 } }),
      'upper',
      PHOTO,
    );
    expect(refusal?.message.length).toBeGreaterThan(10);
  });
});
