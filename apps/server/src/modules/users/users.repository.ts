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

  listAdmins(): Promise<UsersTable[]> {
    return this.db.selectFrom('users').selectAll().where('is_admin', '=', 1).orderBy('email').execute();
  }
}
