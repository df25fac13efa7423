import { createHash } from 'node:crypto';

/** A key for a photo's bytes: the same bytes, from whichever request, find the same entry. */
export function bytesKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/**
 * What a worker made last, by key, at most `size` entries, least recently used going first: a garment's
 * analysis, a person photo's reads. What failed to be made is not kept.
 */
export class Recent<T> {
  private readonly entries = new Map<string, T>();
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  async get(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = await make();
    this.entries.set(key, made);
    if (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return made;
  }
}
