import { describe, expect, it } from 'vitest';
import type { HeadPose } from './head-pose.ts';
import { matchHeadPoses } from './match-head-poses.ts';

const pose = (yaw: number, more: Partial<HeadPose> = {}): HeadPose => ({
  yaw,
  pitch: 0,
  roll: 0,
  width: 200,
  ...more,
});

describe('matchHeadPoses', () => {
  it('mirrors the shopper when the faces turn opposite ways', () => {
    expect(matchHeadPoses(pose(25), pose(-20))).toEqual({ mirror: true });
    expect(matchHeadPoses(pose(-30), pose(15))).toEqual({ mirror: true });
  });

  it('leaves faces turned the same way, or barely turned, as they are', () => {
    expect(matchHeadPoses(pose(20), pose(25))).toEqual({ mirror: false });
    expect(matchHeadPoses(pose(2), pose(-2))).toEqual({ mirror: false });
  });

  it('takes a shopper turned well away onto a model facing the camera, and the other way round', () => {
    // The far cheek is filled from the near one, mirrored (farSideWeight), so a turn is no reason to refuse.
    expect(matchHeadPoses(pose(32), pose(0))).toEqual({ mirror: false });
    expect(matchHeadPoses(pose(-40), pose(2))).toEqual({ mirror: false });
    expect(matchHeadPoses(pose(0), pose(38))).toEqual({ mirror: false });
  });

  it('refuses a profile, faces turned too differently, a tilt gap and faces too small', () => {
    for (const [source, target] of [
      [pose(60), pose(10)],
      [pose(0), pose(-55)],
      [pose(0), pose(-48)],
      // Turned 47 degrees further than the model: the near half is itself seen too obliquely to stand in.
      [pose(52), pose(5)],
      [pose(0, { pitch: -25 }), pose(0, { pitch: 20 })],
      // Level against looking down at 22 degrees: the face would be squashed top to bottom.
      [pose(0, { pitch: 5 }), pose(0, { pitch: 27 })],
      [pose(0, { width: 30 }), pose(0)],
      [pose(0), pose(0, { width: 12 })],
    ] as const) {
      expect(() => matchHeadPoses(source, target)).toThrow(
        expect.objectContaining({ code: 'FACE_TURNED_AWAY' }),
      );
    }
  });
});
