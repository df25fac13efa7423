/**
 * Where render jobs wait. The render's row is the truth (status, attempts, lease); a queue only makes a worker
 * pick the id up soon. So a lost queue message delays a render but never loses it: the row is found again.
 */
export interface RenderQueue {
  /** The row of `id` is committed as queued; run it at `runAfter` (ms since the epoch) or now. */
  enqueue(id: string, runAfter?: number): Promise<void>;
  close(): Promise<void>;
}

/** What a queue runs: one attempt of the job of a row, which says whether and when to try again. */
export type RunResult = { outcome: 'done' | 'failed' | 'skipped' } | { outcome: 'retry'; runAfter: number };

export interface JobRunner {
  run(id: string): Promise<RunResult>;
}

/** The rows that should run now (due, or running under a lease that ran out), oldest first. */
export interface DueJobs {
  due(now: number, limit: number, overdueMs?: number): Promise<string[]>;
}
