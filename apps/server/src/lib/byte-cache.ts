/**
 * A small in-memory LRU for hot image bytes: bounded by total size, entries expire after `ttlMs` so a change
 * made by another process shows within that time.
 */
export class ByteCache {
  private readonly entries = new Map<string, { bytes: Buffer; expires: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.total -= entry.bytes.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.bytes;
  }

  set(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes / 8) return;
    this.deleteKey(key);
    this.entries.set(key, { bytes, expires: this.now() + this.ttlMs });
    this.total += bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes.length;
    }
  }

  /** Forgets every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.deleteKey(key);
  }

  private deleteKey(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes.length;
  }
}
