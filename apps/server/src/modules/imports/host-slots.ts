/**
 * Fetches at once per host across every import of a process: a shop's image host sees at most `perHost`
 * requests from this process however many imports (of one shop or several) fetch from it. Waiters are served
 * in order.
 */
export class HostSlots {
  private readonly perHost: number;
  private readonly busy = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(perHost: number) {
    this.perHost = Math.max(1, perHost);
  }

  /** Runs `task` once the URL's host has a free slot. A URL that cannot be parsed has no host to spare. */
  async run<T>(url: string, task: () => Promise<T>): Promise<T> {
    const host = hostOf(url);
    if (host === null) return task();
    await this.acquire(host);
    try {
      return await task();
    } finally {
      this.release(host);
    }
  }

  /** Requests in flight to a host now (for tests and logs). */
  inFlight(host: string): number {
    return this.busy.get(host) ?? 0;
  }

  private acquire(host: string): Promise<void> {
    const busy = this.busy.get(host) ?? 0;
    if (busy < this.perHost) {
      this.busy.set(host, busy + 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(host) ?? [];
      queue.push(resolve);
      this.waiting.set(host, queue);
    });
  }

  /** Hands the slot to the next waiter, or frees it. */
  private release(host: string): void {
    const next = this.waiting.get(host)?.shift();
    if (next) {
      next();
      return;
    }
    if (this.waiting.get(host)?.length === 0) this.waiting.delete(host);
    const busy = (this.busy.get(host) ?? 1) - 1;
    if (busy > 0) this.busy.set(host, busy);
    else this.busy.delete(host);
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}
