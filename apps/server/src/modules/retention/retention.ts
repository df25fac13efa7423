import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DAY_MS, utcDay } from '../../lib/clock.ts';
import { type SweepLeader, startPeriodicSweep } from '../../lib/sweeps/periodic-sweep.ts';
import type { Runtime } from '../../runtime.ts';
import type { Services } from '../../services.ts';

const SWEEP_MS = 60 * 60_000;
/** How long the delivery log of webhooks keeps a finished delivery, its attempts and its event. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Shopper photos and what was made from them go once they are older than the retention period; spent
 * Idempotency-Keys, past daily counters and sign-in codes (which hold e-mail addresses and count towards a
 * day's limit only) after a day; finished webhook deliveries after WEBHOOK_LOG_DAYS; audit log entries after
 * AUDIT_RETENTION_DAYS. (The same hourly sweep rolls up the statistics of the days that ended.)
 */
export async function sweepExpired(
  services: Pick<
    Services,
    'faces' | 'idempotency' | 'dailyUsage' | 'signinCodes' | 'webhooksRepository' | 'audit'
  >,
  db: Kysely<Database>,
  retentionMs: number,
  now: number,
  auditRetentionMs: number = 365 * DAY_MS,
): Promise<void> {
  await services.faces.deleteExpired(retentionMs);
  await services.idempotency.deleteBefore(now - DAY_MS);
  await services.dailyUsage.deleteBefore(db, utcDay(now - DAY_MS));
  await services.signinCodes.purgeBefore(now - DAY_MS);
  await services.webhooksRepository.purgeBefore(now - WEBHOOK_LOG_DAYS * DAY_MS);
  await services.audit.deleteBefore(now - auditRetentionMs);
}

/** Runs `sweepExpired` now and hourly, in the one process that leads it; answers how to stop it. */
export function startRetentionSweep(runtime: Runtime, leader: SweepLeader): () => Promise<void> {
  const { services, db, config, clock } = runtime;
  return startPeriodicSweep(
    {
      name: 'retention sweep',
      everyMs: SWEEP_MS,
      run: async () => {
        await sweepExpired(
          services,
          db.db,
          config.RETENTION_DAYS * DAY_MS,
          clock.now(),
          config.AUDIT_RETENTION_DAYS * DAY_MS,
        );
        await services.stats.rollUp();
      },
    },
    leader,
  );
}
