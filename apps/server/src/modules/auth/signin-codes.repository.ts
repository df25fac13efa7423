import type { Kysely } from 'kysely';
import type { Database, SigninCodesTable } from '../../db/schema.ts';

export class SigninCodesRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  latest(email: string): Promise<SigninCodesTable | undefined> {
    return this.db
      .selectFrom('signin_codes')
      .selectAll()
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countSince(email: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('signin_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Stores a new code; any earlier live code of the address stops working. */
  async replace(row: SigninCodesTable): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('signin_codes')
        .set({ consumed_at: row.created_at })
        .where('email', '=', row.email)
        .where('consumed_at', 'is', null)
        .execute();
      await trx.insertInto('signin_codes').values(row).execute();
    });
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('signin_codes').where('id', '=', id).execute();
  }

  /**
   * Takes one try before the code is compared, so parallel guesses can never exceed the limit.
   * Returns the number of tries used including this one, or null when none is left or the code is spent.
   */
  async takeAttempt(id: string, maxTries: number): Promise<number | null> {
    const row = await this.db
      .updateTable('signin_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxTries)
      .where('consumed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? null;
  }

  /** Marks the code used; false when another request used it first. */
  async consume(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('signin_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Codes older than a day serve no limit any more. */
  async purgeBefore(time: number): Promise<void> {
    await this.db.deleteFrom('signin_codes').where('created_at', '<', time).execute();
  }
}
