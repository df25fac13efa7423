import { KEY_LAST_USED_EVERY_MS } from '@tryon/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.ts';
import type { KeysRepository } from './keys.repository.ts';

/**
 * "Last used" of keys without a database write per request: a key's first use in a minute (per process) writes
 * its time, later uses in that minute write nothing. The write is not awaited by the request; it only moves the
 * time forward (so processes racing each other cannot set it back), its failure is logged, and close() waits for
 * the writes in flight.
 */
export class KeyUsage {
  private readonly keys: KeysRepository;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  /** Keys written within the last minute; bounded, so a flood of distinct keys cannot grow it without end. */
  private readonly recent = new LRUCache<string, true>({ max: 50_000, ttl: KEY_LAST_USED_EVERY_MS });
  private readonly pending = new Set<Promise<void>>();

  constructor(keys: KeysRepository, clock: Clock, log: FastifyBaseLogger) {
    this.keys = keys;
    this.clock = clock;
    this.log = log;
  }

  /** Notes a use of a key; answers whether this call wrote it (for tests). */
  touch(keyId: string): boolean {
    if (this.recent.has(keyId)) return false;
    this.recent.set(keyId, true);
    const write = this.keys
      .touchLastUsed(keyId, this.clock.now(), KEY_LAST_USED_EVERY_MS)
      .catch((error: unknown) => this.log.warn({ err: error, keyId }, 'could not record when a key was used'))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
    return true;
  }

  /** Waits for the writes in flight. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
