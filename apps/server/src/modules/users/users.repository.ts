import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export class UsersRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  findByEmail(email: string, trx: Kysely<Database> = this.db): Promise<UsersTable | undefined> {
    return trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findByUid(uid: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  findByGoogleSub(sub: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
  }

  async insert(row: UsersTable, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.insertInto('users').values(row).execute();
  }

  async update(
    uid: string,
    changes: Partial<Omit<UsersTable, 'uid'>>,
    trx: Kysely<Database> = this.db,
  ): Promise<void> {
    await trx.updateTable('users').set(changes).where('uid', '=', uid).execute();
  }

  /** Grants or takes administrator rights; answers the user's e-mail, or undefined when nothing changed. */
  async setAdmin(trx: Kysely<Database>, uid: string, isAdmin: boolean): Promise<string | undefined> {
    const row = await trx
      .updateTable('users')
      .set({ is_admin: isAdmin ? 1 : 0 })
      .where('uid', '=', uid)
      .where('is_admin', '=', isAdmin ? 0 : 1)
      .returning('email')
      .executeTakeFirst();
    return row?.email;
  }

  listAdmins(): Promise<UsersTable[]> {
    return this.db.selectFrom('users').selectAll().where('is_admin', '=', 1).orderBy('email').execute();
  }
}
