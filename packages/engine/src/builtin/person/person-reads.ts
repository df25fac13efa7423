import { createHash } from 'node:crypto';
import type { Raster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';
import { type BodyPose, detectBodyPose, zoomedOutPose } from './body-pose.ts';
import { faceAbove } from './find-faces.ts';
import type { Mask } from './mask.ts';
import { segmentPerson } from './segment-person.ts';

/** Person photos a worker remembers: a shopper tries garment after garment on the same photo. */
const SIZE = 4;

/**
 * What the models read of one person photo, each read made once however often a render asks for it, and
 * kept for the next render of the same photo: the pose, the pose on the photo zoomed out, the silhouette
 * round a pose, and whether a face shows above a pose's shoulders. `photo` is this render's own copy of the
 * decoded photo (the render paints on it); the reads are made on a copy no render touches.
 */
export interface PersonReads {
  photo: Raster;
  pose(): Promise<BodyPose | null>;
  zoomedOut(): Promise<BodyPose | null>;
  silhouette(pose: BodyPose): Promise<Mask>;
  faceAbove(pose: BodyPose): Promise<boolean>;
}

/** The model calls behind the reads (the real ones; a test hands in its own). */
export interface PersonReaders {
  pose(models: Models, photo: Raster): Promise<BodyPose | null>;
  zoomedOut(models: Models, photo: Raster): Promise<BodyPose | null>;
  silhouette(models: Models, photo: Raster, pose: BodyPose): Promise<Mask>;
  faceAbove(models: Models, photo: Raster, pose: BodyPose): Promise<boolean>;
}

const MODEL_READERS: PersonReaders = {
  pose: detectBodyPose,
  zoomedOut: zoomedOutPose,
  silhouette: segmentPerson,
  faceAbove,
};

interface Seen {
  photo: Raster;
  pose?: Promise<BodyPose | null>;
  zoomedOut?: Promise<BodyPose | null>;
  /** By the pose object the reads answered: a render asks only about poses these reads gave it. */
  silhouettes: Map<BodyPose, Promise<Mask>>;
  faces: Map<BodyPose, Promise<boolean>>;
}

/**
 * The person photos a worker read last, by their bytes, least recently used going first. BlazePose (two
 * passes on a close-up, about 150 ms a try-on on one core) and the segmentation (about 30 ms) are then paid
 * once a photo, not once a garment. A read that fails is forgotten, so the next render makes it again.
 */
export class SeenPhotos {
  private readonly entries = new Map<string, Seen>();
  private readonly readers: PersonReaders;
  private readonly size: number;

  constructor(readers: PersonReaders = MODEL_READERS, size = SIZE) {
    this.readers = readers;
    this.size = size;
  }

  async reads(models: Models, bytes: Uint8Array, decode: () => Promise<Raster>): Promise<PersonReads> {
    const key = createHash('sha256').update(bytes).digest('base64');
    let seen = this.entries.get(key);
    if (seen) this.entries.delete(key);
    else seen = { photo: await decode(), silhouettes: new Map(), faces: new Map() };
    this.entries.set(key, seen);
    if (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return readsOf(models, seen, this.readers);
  }
}

function readsOf(models: Models, seen: Seen, readers: PersonReaders): PersonReads {
  const { photo } = seen;
  return {
    photo: { ...photo, data: new Uint8Array(photo.data) },
    pose: () => {
      seen.pose ??= forgetOnFailure(readers.pose(models, photo), () => {
        seen.pose = undefined;
      });
      return seen.pose;
    },
    zoomedOut: () => {
      seen.zoomedOut ??= forgetOnFailure(readers.zoomedOut(models, photo), () => {
        seen.zoomedOut = undefined;
      });
      return seen.zoomedOut;
    },
    silhouette: (pose) => remembered(seen.silhouettes, pose, () => readers.silhouette(models, photo, pose)),
    faceAbove: (pose) => remembered(seen.faces, pose, () => readers.faceAbove(models, photo, pose)),
  };
}

/** The read `make` answers for `pose`, made once; forgotten if it fails. */
function remembered<T>(memo: Map<BodyPose, Promise<T>>, pose: BodyPose, make: () => Promise<T>): Promise<T> {
  const known = memo.get(pose);
  if (known) return known;
  const made = forgetOnFailure(make(), () => memo.delete(pose));
  memo.set(pose, made);
  return made;
}

/** `promise`, with `forget` called if it rejects (the rejection still reaches the caller). */
function forgetOnFailure<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}
