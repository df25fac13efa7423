import type { Kysely } from 'kysely';
import { type PreparedQuery, prepareQuery } from '../../db/prepared.ts';
import type { ApiKeysTable, Database, StoredKeyKind } from '../../db/schema.ts';

export interface KeyWithOwner {
  id: string;
  kind: StoredKeyKind;
  active: number;
  allowed_domains: string | null;
  expires_at: number | null;
  shop_suid: string;
  shop_disabled: number;
  owner_uid: string;
  user_uid: string | null;
  user_is_admin: number | null;
}

export class KeysRepository {
  private readonly db: Kysely<Database>;

  /** Every request with a key asks this: compiled once (db/prepared.ts). */
  private readonly keyForAuth: PreparedQuery<[keyHash: string], KeyWithOwner>;

  constructor(db: Kysely<Database>) {
    this.db = db;
    this.keyForAuth = prepareQuery(db, 1, (keyHash: string) =>
      db
        .selectFrom('api_keys as k')
        .innerJoin('shops as s', 's.suid', 'k.shop_suid')
        .leftJoin('users as u', 'u.uid', 'k.user_uid')
        .select([
          'k.id',
          'k.kind',
          'k.active',
          'k.allowed_domains',
          'k.expires_at',
          'k.shop_suid',
          's.disabled as shop_disabled',
          's.owner_uid',
          'k.user_uid',
          'u.is_admin as user_is_admin',
        ])
        .where('k.key_hash', '=', keyHash)
        .where('k.deleted_at', 'is', null)
        .limit(1),
    );
  }

  async insert(row: ApiKeysTable, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.insertInto('api_keys').values(row).execute();
  }

  /** The live key with this digest, with what authorisation needs of its shop and user. */
  async findForAuth(keyHash: string): Promise<KeyWithOwner | undefined> {
    return (await this.keyForAuth(keyHash))[0];
  }

  /** A shop's own key (never a session key), found by digest: other shops' keys are invisible. */
  findShopKey(shopSuid: string, keyHash: string): Promise<ApiKeysTable | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('shop_suid', '=', shopSuid)
      .where('key_hash', '=', keyHash)
      .where('kind', 'in', ['public', 'private'])
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** A shop's keys, rolled ones only until their grace period ends. */
  listShopKeys(shopSuid: string, now: number): Promise<ApiKeysTable[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('shop_suid', '=', shopSuid)
      .where('kind', 'in', ['public', 'private'])
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** Active public keys of some shops, oldest first. */
  activePublicKeys(shopSuids: readonly string[]): Promise<Pick<ApiKeysTable, 'shop_suid' | 'key_enc'>[]> {
    if (shopSuids.length === 0) return Promise.resolve([]);
    return (
      this.db
        .selectFrom('api_keys')
        .select(['shop_suid', 'key_enc'])
        .where('shop_suid', 'in', shopSuids)
        .where('kind', '=', 'public')
        .where('active', '=', 1)
        .where('deleted_at', 'is', null)
        // A rolled key is on its way out: links and the shops table use its replacement.
        .where('expires_at', 'is', null)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute()
    );
  }

  async update(
    id: string,
    changes: Partial<Pick<ApiKeysTable, 'active' | 'allowed_domains' | 'name' | 'expires_at' | 'rolled_to'>>,
    trx: Kysely<Database> = this.db,
  ): Promise<void> {
    await trx.updateTable('api_keys').set(changes).where('id', '=', id).execute();
  }

  /** Marks a key as rolled to another, ending at `expiresAt`; false when it was rolled already. */
  async claimRoll(trx: Kysely<Database>, id: string, rolledTo: string, expiresAt: number): Promise<boolean> {
    const claimed = await trx
      .updateTable('api_keys')
      .set({ rolled_to: rolledTo, expires_at: expiresAt })
      .where('id', '=', id)
      .where('rolled_to', 'is', null)
      .executeTakeFirst();
    return claimed.numUpdatedRows > 0n;
  }

  /** Moves a key's "last used" forward to `now` unless it was written less than `everyMs` ago. */
  async touchLastUsed(id: string, now: number, everyMs: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - everyMs)]))
      .execute();
  }

  /** Deleted keys keep their row for the record, without the sealed key. */
  async markDeleted(id: string, now: number, trx: Kysely<Database> = this.db): Promise<void> {
    await trx
      .updateTable('api_keys')
      .set({ deleted_at: now, active: 0, key_enc: null })
      .where('id', '=', id)
      .execute();
  }

  /** Every active, live public key's allowed domains: the origins CORS may echo. */
  async allPublicDomainLists(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('shops as s', 's.suid', 'k.shop_suid')
      .select('k.allowed_domains')
      .where('k.kind', '=', 'public')
      .where('k.active', '=', 1)
      .where('k.deleted_at', 'is', null)
      .where('s.disabled', '=', 0)
      .execute();
    return rows.map((r) => r.allowed_domains ?? '');
  }
}
