import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import { LRUCache } from 'lru-cache';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Addresses (per route) a process keeps counting while Redis is away; the least recently seen go first. */
const LOCAL_KEYS = 10_000;

/**
 * This process's own counters, fixed windows as the Redis script keeps them. Used only while Redis cannot be
 * reached, so limits still hold per process instead of not at all.
 */
class LocalCounters {
  private readonly windows: LRUCache<string, { current: number; startedAt: number }>;
  private readonly prefix: string;
  private readonly now: () => number;

  constructor(
    now: () => number,
    prefix = '',
    windows = new LRUCache<string, { current: number; startedAt: number }>({ max: LOCAL_KEYS }),
  ) {
    this.now = now;
    this.prefix = prefix;
    this.windows = windows;
  }

  incr(key: string, timeWindow: number): Counted {
    const now = this.now();
    const name = this.prefix + key;
    const window = this.windows.get(name);
    if (!window || window.startedAt + timeWindow <= now) {
      this.windows.set(name, { current: 1, startedAt: now });
      return { current: 1, ttl: timeWindow };
    }
    window.current++;
    return { current: window.current, ttl: window.startedAt + timeWindow - now };
  }

  child(prefix: string): LocalCounters {
    return new LocalCounters(this.now, this.prefix + prefix, this.windows);
  }
}

/**
 * A rate-limit store on Redis (shared by every process) that falls back to this process's own counters when a
 * Redis command fails (Redis down or unreachable: the client fails commands at once when offline, and gives up
 * on one after its command timeout). Back on Redis, its counters count again.
 */
export function redisWithLocalFallback(
  redis: FastifyRateLimitStore,
  onFallback: (error: Error) => void,
  now: () => number = Date.now,
) {
  class FallbackStore implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: LocalCounters;

    /** The limiter makes the store with its options (unused here); a route's child store gets its parts. */
    constructor(_options?: unknown, parts?: { shared: FastifyRateLimitStore; local: LocalCounters }) {
      this.shared = parts?.shared ?? redis;
      this.local = parts?.local ?? new LocalCounters(now);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onFallback(error);
          callback(null, this.local.incr(key, timeWindow));
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions & { path: string; prefix: string }): FastifyRateLimitStore {
      // A route with limits of its own counts apart, as the Redis store names it.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new FallbackStore(undefined, {
        shared: this.shared.child(routeOptions),
        local: this.local.child(`${String(route?.method)}${String(route?.url)}-`),
      });
    }
  }
  return FallbackStore;
}
