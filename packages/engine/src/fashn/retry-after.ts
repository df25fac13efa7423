/**
 * The wait a 429 or 503 asks for: `Retry-After` in seconds or as an HTTP date, else an exponential backoff
 * (1, 2, 4 ... seconds) for the `attempt`-th retry; never more than `max`.
 */
export function retryAfterMs(header: string | null, attempt: number, max: number, now = Date.now()): number {
  let ms = 1000 * 2 ** Math.min(attempt, 10);
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) ms = seconds * 1000;
    else {
      const at = Date.parse(header);
      if (Number.isFinite(at)) ms = Math.max(0, at - now);
    }
  }
  return Math.min(ms, max);
}
