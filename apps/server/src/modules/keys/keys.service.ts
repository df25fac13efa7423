import {
  type Account,
  ANY_DOMAIN,
  KEY_STATUS_ACTIVE,
  KEY_STATUS_INACTIVE,
  type KeyEntry,
  type KeyKind,
} from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { ApiKeysTable, Database, StoredKeyKind } from '../../db/schema.ts';
import { parseAllowedDomains } from '../../lib/allowed-domains.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomId, type Secrets } from '../../lib/secrets.ts';
import type { KeysRepository } from './keys.repository.ts';

const keyPrefix: Record<StoredKeyKind, string> = { public: 'pk', private: 'sk', session: 'ss' };
/** 192 random bits per key. */
const KEY_BYTES = 24;

export class KeysService {
  private readonly keys: KeysRepository;
  private readonly secrets: Secrets;
  private readonly clock: Clock;

  constructor(keys: KeysRepository, secrets: Secrets, clock: Clock) {
    this.keys = keys;
    this.secrets = secrets;
    this.clock = clock;
  }

  /** Creates a public or private key; returns its entry, whose apiKey is the only copy in clear. */
  async create(
    shopSuid: string,
    kind: KeyKind,
    allowedDomains?: string,
    trx?: Kysely<Database>,
  ): Promise<KeyEntry> {
    const domains = kind === 'public' ? normaliseDomains(allowedDomains ?? ANY_DOMAIN) : null;
    const apiKey = randomId(keyPrefix[kind], KEY_BYTES);
    const row: ApiKeysTable = {
      id: randomId('key'),
      shop_suid: shopSuid,
      kind,
      key_hash: this.secrets.keyDigest(apiKey),
      key_enc: this.secrets.encrypt(apiKey),
      allowed_domains: domains,
      active: 1,
      user_uid: null,
      created_at: this.clock.now(),
      expires_at: null,
      deleted_at: null,
    };
    await this.keys.insert(row, trx);
    return this.toEntry(row, apiKey);
  }

  /** A key with private scope for one sign-in; it is stored only as a digest and expires. */
  async createSession(shopSuid: string, userUid: string, ttlDays: number): Promise<string> {
    const apiKey = randomId(keyPrefix.session, KEY_BYTES);
    const now = this.clock.now();
    await this.keys.insert({
      id: randomId('key'),
      shop_suid: shopSuid,
      kind: 'session',
      key_hash: this.secrets.keyDigest(apiKey),
      key_enc: null,
      allowed_domains: null,
      active: 1,
      user_uid: userUid,
      created_at: now,
      expires_at: now + ttlDays * 86_400_000,
      deleted_at: null,
    });
    return apiKey;
  }

  async revokeSession(keyId: string): Promise<void> {
    await this.keys.markDeleted(keyId, this.clock.now());
  }

  async account(shopSuid: string): Promise<Account> {
    const rows = await this.keys.listShopKeys(shopSuid);
    const entries = rows.map((row) => this.toEntry(row));
    return {
      suid: shopSuid,
      activeApiKeys: {
        private: entries.filter((e) => e.kind === 'private'),
        public: entries.filter((e) => e.kind === 'public'),
      },
    };
  }

  async update(
    shopSuid: string,
    apiKey: string,
    change: { active?: number | undefined; allowed_domains?: string | undefined },
  ): Promise<KeyEntry> {
    const row = await this.findOwn(shopSuid, apiKey);
    if (change.allowed_domains !== undefined) {
      if (row.kind !== 'public') {
        throw new AppError('VALIDATION_ERROR', 'Only public keys have allowed domains.');
      }
      row.allowed_domains = normaliseDomains(change.allowed_domains);
    }
    if (change.active !== undefined) row.active = change.active;
    await this.keys.update(row.id, { active: row.active, allowed_domains: row.allowed_domains });
    return this.toEntry(row, apiKey);
  }

  async remove(shopSuid: string, apiKey: string): Promise<void> {
    const row = await this.findOwn(shopSuid, apiKey);
    await this.keys.markDeleted(row.id, this.clock.now());
  }

  /** The oldest active public key of each shop, shown to admins in the shop list; one query for all. */
  async firstPublicKeys(shopSuids: readonly string[]): Promise<Map<string, string>> {
    const first = new Map<string, string>();
    for (const row of await this.keys.activePublicKeys(shopSuids)) {
      if (row.key_enc && !first.has(row.shop_suid))
        first.set(row.shop_suid, this.secrets.decrypt(row.key_enc));
    }
    return first;
  }

  private async findOwn(shopSuid: string, apiKey: string): Promise<ApiKeysTable> {
    const row = await this.keys.findShopKey(shopSuid, this.secrets.keyDigest(apiKey));
    if (!row) throw new AppError('KEY_NOT_FOUND');
    return row;
  }

  private toEntry(row: ApiKeysTable, clear?: string): KeyEntry {
    if (row.kind === 'session') throw new Error('Session keys have no entry');
    return {
      apiKey: clear ?? (row.key_enc ? this.secrets.decrypt(row.key_enc) : ''),
      kind: row.kind,
      created: new Date(row.created_at).toISOString(),
      status: row.active ? KEY_STATUS_ACTIVE : KEY_STATUS_INACTIVE,
      allowedDomains: row.allowed_domains,
    };
  }
}

/** Stores allowed domains in their normal form, comma-separated; refuses an entry that is not a host. */
export function normaliseDomains(input: string): string {
  const parsed = parseAllowedDomains(input);
  if (!parsed.ok) {
    throw new AppError(
      'INVALID_ALLOWED_DOMAINS',
      `"${parsed.invalid.slice(0, 100)}" is not a host name, *.host or *.`,
    );
  }
  return parsed.entries.join(',');
}
