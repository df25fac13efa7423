import { bytesKey, Recent } from '../worker/recent.ts';
import type { GarmentAnalysis } from './garment.ts';

/** Garments a worker remembers: a shop's few products are tried on again and again. */
const SIZE = 8;

/**
 * The analyses of the garment photos a worker saw last, by the photo's bytes and the category: the same
 * product is dressed on many shoppers, and its analysis never changes. Least recently used goes first.
 */
export class GarmentCache {
  private readonly recent = new Recent<GarmentAnalysis>(SIZE);

  get(
    bytes: Uint8Array,
    category: string | undefined,
    analyse: () => Promise<GarmentAnalysis>,
  ): Promise<GarmentAnalysis> {
    return this.recent.get(`${bytesKey(bytes)}/${category ?? ''}`, analyse);
  }
}
