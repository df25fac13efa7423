import { describe, expect, it } from 'vitest';
import { frontPose } from '../../../test/fixtures/synthetic-person.ts';
import type { Raster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';
import type { BodyPose } from './body-pose.ts';
import { emptyMask } from './mask.ts';
import { type PersonReaders, SeenPhotos } from './person-reads.ts';

/** No model is called: the readers below stand in for them and count their calls. */
const models = {} as Models;
const photoOf = (value: number): Raster => ({
  data: new Uint8Array(4 * 4 * 3).fill(value),
  width: 4,
  height: 4,
  channels: 3,
});

function counted(options: { failPoseOnce?: boolean } = {}) {
  const calls = { decode: 0, pose: 0, zoomedOut: 0, silhouette: 0, faceAbove: 0 };
  let fail = options.failPoseOnce ?? false;
  const readers: PersonReaders = {
    pose: async (_m, photo) => {
      calls.pose++;
      if (fail) {
        fail = false;
        throw new Error('pose failed');
      }
      return frontPose({ nose: { x: photo.data[0] ?? 0 } });
    },
    zoomedOut: async () => {
      calls.zoomedOut++;
      return frontPose();
    },
    silhouette: async (_m, photo) => {
      calls.silhouette++;
      return emptyMask(photo.width, photo.height);
    },
    faceAbove: async () => {
      calls.faceAbove++;
      return true;
    },
  };
  const decode = (value: number) => async () => {
    calls.decode++;
    return photoOf(value);
  };
  return { calls, readers, decode };
}

describe('SeenPhotos', () => {
  it('reads a photo once however many renders ask, and again for other bytes', async () => {
    const { calls, readers, decode } = counted();
    const seen = new SeenPhotos(readers);
    const bytes = new Uint8Array([1, 2, 3]);
    const first = await seen.reads(models, bytes, decode(7));
    const pose = (await first.pose()) as BodyPose;
    await first.silhouette(pose);
    await first.silhouette(pose);
    await first.faceAbove(pose);
    const second = await seen.reads(models, Uint8Array.from(bytes), decode(7));
    expect(await second.pose()).toBe(pose);
    await second.silhouette(pose);
    await second.faceAbove(pose);
    await second.zoomedOut();
    expect(calls).toEqual({ decode: 1, pose: 1, zoomedOut: 1, silhouette: 1, faceAbove: 1 });
    const other = await seen.reads(models, new Uint8Array([1, 2, 4]), decode(9));
    expect((await other.pose())?.points.nose.x).toBe(9);
    expect(calls.decode).toBe(2);
    expect(calls.pose).toBe(2);
  });

  it('makes the zoomed-out pass once for the pose read that needs it and for the arms check after it', async () => {
    const { calls, readers, decode } = counted();
    // As BlazePose on a close-up: the plain pose is chosen against the zoomed-out one.
    const plain = readers.pose;
    readers.pose = async (m, photo, zoomedOut) => {
      const zoomed = await zoomedOut();
      return (await plain(m, photo, zoomedOut)) ?? zoomed;
    };
    const seen = new SeenPhotos(readers);
    const reads = await seen.reads(models, new Uint8Array([3]), decode(7));
    await reads.pose();
    const zoomed = await reads.zoomedOut();
    expect(await (await seen.reads(models, new Uint8Array([3]), decode(7))).zoomedOut()).toBe(zoomed);
    expect(calls).toMatchObject({ pose: 1, zoomedOut: 1 });
  });

  it('gives each render its own copy of the photo to paint on; the reads see the photo as decoded', async () => {
    const { readers, decode } = counted();
    const seen = new SeenPhotos(readers);
    const bytes = new Uint8Array([5]);
    const first = await seen.reads(models, bytes, decode(7));
    first.photo.data.fill(200);
    const second = await seen.reads(models, bytes, decode(7));
    expect(second.photo.data[0]).toBe(7);
    expect((await second.pose())?.points.nose.x).toBe(7);
  });

  it('forgets the photo read longest ago beyond its size', async () => {
    const { calls, readers, decode } = counted();
    const seen = new SeenPhotos(readers, 2);
    for (const b of [1, 2, 3]) await (await seen.reads(models, new Uint8Array([b]), decode(b))).pose();
    // 2 and 3 are remembered; 1 is read again.
    await (await seen.reads(models, new Uint8Array([3]), decode(3))).pose();
    expect(calls.pose).toBe(3);
    await (await seen.reads(models, new Uint8Array([1]), decode(1))).pose();
    expect(calls.pose).toBe(4);
    expect(calls.decode).toBe(4);
  });

  it('keeps what a render derives from the person for the next render while it is derived from the same reads', async () => {
    const { readers, decode } = counted();
    const seen = new SeenPhotos(readers);
    const bytes = new Uint8Array([6]);
    const first = await seen.reads(models, bytes, decode(6));
    const pose = (await first.pose()) as BodyPose;
    let made = 0;
    const make = () => ({ made: ++made });
    const parts = first.derived('parts', [pose], make);
    const second = await seen.reads(models, bytes, decode(6));
    expect(second.derived('parts', [pose], make)).toBe(parts);
    expect(made).toBe(1);
    // From another read (the zoomed-out pose after an arms check), it is made again and kept instead.
    const zoomed = (await second.zoomedOut()) as BodyPose;
    const other = second.derived('parts', [zoomed], make);
    expect(other).not.toBe(parts);
    expect(second.derived('parts', [zoomed], make)).toBe(other);
    // Each name on its own; another photo keeps its own.
    expect(second.derived('tone', [pose], make)).toEqual({ made: 3 });
    const elsewhere = await seen.reads(models, new Uint8Array([9]), decode(9));
    expect(elsewhere.derived('parts', [zoomed], make)).toEqual({ made: 4 });
  });

  it('makes a failed read again on the next render instead of keeping the failure', async () => {
    const { calls, readers, decode } = counted({ failPoseOnce: true });
    const seen = new SeenPhotos(readers);
    const bytes = new Uint8Array([8]);
    await expect((await seen.reads(models, bytes, decode(8))).pose()).rejects.toThrow('pose failed');
    expect((await (await seen.reads(models, bytes, decode(8))).pose())?.points.nose.x).toBe(8);
    expect(calls.pose).toBe(2);
  });
});
