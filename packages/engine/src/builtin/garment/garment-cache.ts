import { createHash } from 'node:crypto';
import type { GarmentAnalysis } from './garment.ts';

/** Garments a worker remembers: a shop's few products are tried on again and again. */
const SIZE = 8;

/**
 * The analyses of the garment photos a worker saw last, by the photo's bytes and the category: the same
 * product is dressed on many shoppers, and its analysis never changes. Least recently used goes first.
 */
export class GarmentCache {
  private readonly entries = new Map<string, GarmentAnalysis>();

  async get(
    bytes: Uint8Array,
    category: string | undefined,
    analyse: () => Promise<GarmentAnalysis>,
  ): Promise<GarmentAnalysis> {
    const key = `${createHash('sha256').update(bytes).digest('base64')}/${category ?? ''}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const analysis = await analyse();
    this.entries.set(key, analysis);
    if (this.entries.size > SIZE) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return analysis;
  }
}
