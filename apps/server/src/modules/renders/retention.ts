import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DAY_MS, utcDay } from '../../lib/clock.ts';
import type { Services } from '../../services.ts';

const SWEEP_MS = 60 * 60_000;

/**
 * Shopper photos and what was made from them go once they are older than the retention period; spent
 * Idempotency-Keys, past daily counters and sign-in codes (which hold e-mail addresses and count towards a
 * day's limit only) after a day.
 */
export async function sweepExpired(
  services: Pick<Services, 'faces' | 'idempotency' | 'dailyUsage' | 'signinCodes'>,
  db: Kysely<Database>,
  retentionMs: number,
  now: number,
): Promise<void> {
  await services.faces.deleteExpired(retentionMs);
  await services.idempotency.deleteBefore(now - DAY_MS);
  await services.dailyUsage.deleteBefore(db, utcDay(now - DAY_MS));
  await services.signinCodes.purgeBefore(now - DAY_MS);
}

/** Runs `sweepExpired` at start and hourly. */
export function startRetentionSweep(app: FastifyInstance): void {
  const run = () =>
    sweepExpired(app.services, app.db.db, app.config.RETENTION_DAYS * DAY_MS, app.clock.now()).catch(
      (err: unknown) => app.log.warn({ err }, 'retention sweep failed; will retry'),
    );
  const timer = setInterval(run, SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
