import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { SweepLeases } from './sweep-leases.ts';

/** What a process needs to take part in the election of sweeps' leaders. */
export interface SweepLeader {
  leases: SweepLeases;
  /** This process, unique among all that share the database. */
  holder: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

export interface PeriodicSweep {
  /** Names the sweep's lease and its log lines. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs a sweep now and every `everyMs`, in the one process that holds its lease (a leader per sweep). The
 * holder renews it at each tick; the lease outlasts a period by half, so only when the holder stops does
 * another process take over, at its first tick after the lease ran out. Answers how to stop it.
 */
export function startPeriodicSweep(sweep: PeriodicSweep, deps: SweepLeader): () => Promise<void> {
  const tick = async () => {
    try {
      const ttlMs = Math.round(sweep.everyMs * 1.5);
      if (!(await deps.leases.acquire(sweep.name, deps.holder, deps.clock.now(), ttlMs))) return;
      await sweep.run();
    } catch (err) {
      deps.log.warn({ err }, `${sweep.name} failed; will retry`);
    }
  };
  const timer = setInterval(() => void tick(), sweep.everyMs);
  timer.unref();
  void tick();
  return async () => clearInterval(timer);
}
