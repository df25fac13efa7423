/**
 * Where render jobs wait. The render's row is the truth (status, attempts, lease); a queue only makes a worker
 * pick the id up soon. So a lost queue message delays a render but never loses it: the row is found again.
 */
export interface RenderQueue {
  /** The row of `id` is committed as queued; run it at `runAfter` (ms since the epoch) or now. */
  enqueue(id: string, runAfter?: number): Promise<void>;
  close(): Promise<void>;
}
