import type { FastifyInstance } from 'fastify';
import { DAY_MS, utcDay } from '../../lib/clock.ts';

const SWEEP_MS = 60 * 60_000;

/**
 * Hourly: shopper photos and what was made from them go once they are older than RETENTION_DAYS; spent
 * Idempotency-Keys (a day) and past daily counters are dropped.
 */
export function startRetentionSweep(app: FastifyInstance): void {
  const sweep = async () => {
    const now = app.clock.now();
    await app.services.faces.deleteExpired(app.config.RETENTION_DAYS * DAY_MS);
    await app.services.idempotency.deleteBefore(now - DAY_MS);
    await app.services.dailyUsage.deleteBefore(app.db.db, utcDay(now - DAY_MS));
  };
  const run = () =>
    sweep().catch((err: unknown) => app.log.warn({ err }, 'retention sweep failed; will retry'));
  const timer = setInterval(run, SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
