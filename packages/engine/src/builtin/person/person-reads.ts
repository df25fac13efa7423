import type { Raster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';
import { bytesKey, Recent } from '../worker/recent.ts';
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
  /**
   * What `make` answers from this photo as decoded and from `from` (reads these reads gave, compared by
   * identity), made once and kept under `name` for the next render of the same photo while `from` is the
   * same: what the render works out of the person alone (body parts, skin tone, hair), not of the garment.
   * The answer is shared between renders: never changed by one.
   */
  derived: Derived;
}

/** `PersonReads.derived`: what `make` answers, kept under `name` while `from` is the same. */
export type Derived = <T>(name: string, from: readonly unknown[], make: () => T) => T;

/** The model calls behind the reads (the real ones; a test hands in its own). */
export interface PersonReaders {
  /** The pose; `zoomedOut` is the reads' own zoomed-out pose, for a pose read that needs that pass too. */
  pose(models: Models, photo: Raster, zoomedOut: () => Promise<BodyPose | null>): Promise<BodyPose | null>;
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
  /** The pose on the photo as it is (`plain`) and zoomed out. */
  poses: Map<'plain' | 'zoomedOut', Promise<BodyPose | null>>;
  /** By the pose object the reads answered: a render asks only about poses these reads gave it. */
  silhouettes: Map<BodyPose, Promise<Mask>>;
  faces: Map<BodyPose, Promise<boolean>>;
  /** `PersonReads.derived`'s answers, the last one a name, with what each was made from. */
  derived: Map<string, { from: readonly unknown[]; value: unknown }>;
}

/**
 * The person photos a worker read last, by their bytes, least recently used going first. BlazePose (two
 * passes on a close-up, about 150 ms a try-on on one core; the zoomed-out pass made once for the pose and
 * the arms' check) and the segmentation (about 30 ms) are then paid once a photo, not once a garment. A
 * read that fails is forgotten, so the next render makes it again.
 */
export class SeenPhotos {
  private readonly recent: Recent<Seen>;
  private readonly readers: PersonReaders;

  constructor(readers: PersonReaders = MODEL_READERS, size = SIZE) {
    this.readers = readers;
    this.recent = new Recent(size);
  }

  async reads(models: Models, bytes: Uint8Array, decode: () => Promise<Raster>): Promise<PersonReads> {
    const seen = await this.recent.get(bytesKey(bytes), async () => ({
      photo: await decode(),
      poses: new Map(),
      silhouettes: new Map(),
      faces: new Map(),
      derived: new Map(),
    }));
    return readsOf(models, seen, this.readers);
  }
}

function readsOf(models: Models, seen: Seen, readers: PersonReaders): PersonReads {
  const { photo } = seen;
  // The plain pose of a close-up is chosen against the zoomed-out one: one pass serves both reads.
  const zoomedOut = () => remembered(seen.poses, 'zoomedOut', () => readers.zoomedOut(models, photo));
  return {
    photo: { ...photo, data: new Uint8Array(photo.data) },
    pose: () => remembered(seen.poses, 'plain', () => readers.pose(models, photo, zoomedOut)),
    zoomedOut,
    silhouette: (pose) => remembered(seen.silhouettes, pose, () => readers.silhouette(models, photo, pose)),
    faceAbove: (pose) => remembered(seen.faces, pose, () => readers.faceAbove(models, photo, pose)),
    derived: (name, from, make) => {
      const known = seen.derived.get(name);
      if (known && known.from.length === from.length && known.from.every((d, k) => d === from[k])) {
        return known.value as ReturnType<typeof make>;
      }
      const value = make();
      seen.derived.set(name, { from, value });
      return value;
    },
  };
}

/** The read `make` answers for `key`, made once; forgotten if it fails (the failure still reaches the caller). */
function remembered<K, T>(memo: Map<K, Promise<T>>, key: K, make: () => Promise<T>): Promise<T> {
  const known = memo.get(key);
  if (known) return known;
  const made = make();
  made.catch(() => memo.delete(key));
  memo.set(key, made);
  return made;
}
