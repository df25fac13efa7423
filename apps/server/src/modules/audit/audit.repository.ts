import type { Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.ts';

export type AuditRow = Omit<AuditLogTable, 'id'> & {
  id: number;
  actor_email: string | null;
  shop_name: string | null;
};

export class AuditRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(trx: Kysely<Database>, row: Omit<AuditLogTable, 'id'>): Promise<void> {
    await trx.insertInto('audit_log').values(row).execute();
  }

  /** Newest first; `shopSuid` null for every shop. */
  async list(shopSuid: string | null, offset: number, limit: number): Promise<AuditRow[]> {
    let q = this.db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.uid', 'a.actor_uid')
      .leftJoin('shops as s', 's.suid', 'a.shop_suid')
      .select([
        'a.id',
        'a.shop_suid',
        'a.actor_uid',
        'a.via',
        'a.action',
        'a.target',
        'a.details',
        'a.created_at',
        'u.email as actor_email',
        's.name as shop_name',
      ]);
    if (shopSuid !== null) q = q.where('a.shop_suid', '=', shopSuid);
    const rows = await q.orderBy('a.id', 'desc').offset(offset).limit(limit).execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async deleteBefore(time: number): Promise<void> {
    await this.db.deleteFrom('audit_log').where('created_at', '<', time).execute();
  }
}
