import { describe, expect, it } from 'vitest';
import { frontPose, mapPose, silhouetteOf } from '../../../test/fixtures/synthetic-person.ts';
import { sameArm, strayArms, withoutArms } from './stray-arms.ts';

describe('strayArms', () => {
  // The person as the photo shows them: arms hanging beside the body.
  const person = frontPose();
  const silhouette = silhouetteOf(person);

  it('trusts arms whose bones lie along the silhouette', () => {
    expect(strayArms(person, silhouette)).toEqual([]);
  });

  it('doubts an arm the pose squeezed onto the torso while the silhouette shows it further out', () => {
    // As BlazePose did on a man in a blazer: the left shoulder, elbow and wrist read well inside the body,
    // so the upper arm lies over the chest with the silhouette running on past an arm's width either side.
    const squeezed = frontPose({
      leftShoulder: { x: 215 },
      leftElbow: { x: 200, y: 250 },
      leftWrist: { x: 190, y: 330 },
    });
    expect(strayArms(squeezed, silhouette)).toEqual(['left']);
  });

  it('doubts an arm whose bones run where the silhouette has none', () => {
    // The right arm read as raised out sideways; the photo shows it hanging.
    const raised = frontPose({ rightElbow: { x: 50, y: 130 }, rightWrist: { x: 10, y: 90 } });
    expect(strayArms(raised, silhouette)).toEqual(['right']);
  });

  it('does not judge an arm whose elbow the pose only guessed', () => {
    const guessed = frontPose({ rightElbow: { x: 50, y: 130, score: 0.2 }, rightWrist: { x: 10, y: 90 } });
    expect(strayArms(guessed, silhouette)).toEqual([]);
  });

  it('judges by shares of the shoulder span, whatever the photo size', () => {
    const half = (q: { x: number; y: number }) => ({ x: q.x / 2, y: q.y / 2 });
    const small = silhouetteOf(mapPose(person, half));
    expect(strayArms(mapPose(person, half), small)).toEqual([]);
  });
});

describe('sameArm', () => {
  const first = frontPose();

  it('agrees when the elbow and the wrist are within a quarter span (120 px span here)', () => {
    const near = frontPose({ leftElbow: { x: 290, y: 260 }, leftWrist: { x: 270, y: 350 } });
    expect(sameArm(first, near, 'left')).toBe(true);
  });

  it('disagrees when either joint moved further, or the other pass did not see the elbow', () => {
    expect(sameArm(first, frontPose({ leftElbow: { x: 320 } }), 'left')).toBe(false);
    expect(sameArm(first, frontPose({ leftWrist: { x: 240, y: 300 } }), 'left')).toBe(false);
    expect(sameArm(first, frontPose({ leftElbow: { score: 0.1 } }), 'left')).toBe(false);
    // The other arm is not looked at.
    expect(sameArm(first, frontPose({ rightElbow: { x: 40 } }), 'left')).toBe(true);
  });
});

describe('withoutArms', () => {
  it("marks the named arm's elbow, wrist and hand as guessed, and nothing else", () => {
    const pose = withoutArms(frontPose(), ['left']);
    for (const joint of ['leftElbow', 'leftWrist', 'leftIndex', 'leftPinky', 'leftThumb'] as const) {
      expect(pose.points[joint].score).toBe(0);
    }
    expect(pose.points.leftElbow.x).toBe(frontPose().points.leftElbow.x);
    expect(pose.points.leftShoulder.score).toBeGreaterThan(0.5);
    expect(pose.points.rightElbow.score).toBeGreaterThan(0.5);
  });
});
