/** Milliseconds since the epoch; tests pass a clock they control. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const DAY_MS = 86_400_000;

/** The UTC calendar day of a time, as YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
