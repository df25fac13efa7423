import type { Kysely } from 'kysely';
import type { Database, FacesTable, PhotoConsentsTable } from '../../db/schema.ts';

/** Whose faces a call may see: the shop's (private keys) or one shopper's (public keys). */
export interface FaceScope {
  shopSuid: string;
  /** null: every face of the shop. */
  clientId: string | null;
}

export class FacesRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(row: FacesTable, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.insertInto('faces').values(row).execute();
  }

  /** Records a shopper's agreement to the photo wording of `version` (once; the first time counts). */
  async recordConsent(trx: Kysely<Database>, row: PhotoConsentsTable): Promise<void> {
    await trx
      .insertInto('photo_consents')
      .values(row)
      .onConflict((oc) => oc.columns(['shop_suid', 'client_id', 'version']).doNothing())
      .execute();
  }

  consentOf(shopSuid: string, clientId: string, version: number): Promise<PhotoConsentsTable | undefined> {
    return this.db
      .selectFrom('photo_consents')
      .selectAll()
      .where('shop_suid', '=', shopSuid)
      .where('client_id', '=', clientId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  find(scope: FaceScope, id: string): Promise<FacesTable | undefined> {
    let q = this.db
      .selectFrom('faces')
      .selectAll()
      .where('shop_suid', '=', scope.shopSuid)
      .where('id', '=', id);
    if (scope.clientId !== null) q = q.where('client_id', '=', scope.clientId);
    return q.executeTakeFirst();
  }

  /** For signed image links, which carry no key. */
  findAnyShop(id: string): Promise<FacesTable | undefined> {
    return this.db.selectFrom('faces').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(scope: FaceScope, offset: number, limit: number): Promise<FacesTable[]> {
    let q = this.db.selectFrom('faces').selectAll().where('shop_suid', '=', scope.shopSuid);
    if (scope.clientId !== null) q = q.where('client_id', '=', scope.clientId);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  }

  async delete(trx: Kysely<Database>, id: string): Promise<void> {
    await trx.deleteFrom('faces').where('id', '=', id).execute();
  }

  /** Faces uploaded before `time`, oldest first: the retention sweep deletes them. */
  async createdBefore(time: number, limit: number): Promise<FacesTable[]> {
    return this.db
      .selectFrom('faces')
      .selectAll()
      .where('created_at', '<', time)
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }
}
