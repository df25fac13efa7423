import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Leases of background sweeps, so that of several processes on one database only one sweeps at a time. */
export class SweepLeases {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Takes or keeps the lease of `name` until `now + ttlMs`: true when it was free, expired, or already this
   * holder's. One statement, so two processes asking at once cannot both get it.
   */
  async acquire(name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto('sweep_leases')
      .values({ name, holder, lease_until: now + ttlMs })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, lease_until: now + ttlMs })
          .where((eb) =>
            eb.or([eb('sweep_leases.lease_until', '<=', now), eb('sweep_leases.holder', '=', holder)]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }
}
