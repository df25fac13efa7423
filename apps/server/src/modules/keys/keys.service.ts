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
import { type AuditActor, type AuditService, keyHint } from '../audit/audit.service.ts';
import type { KeysRepository } from './keys.repository.ts';

const keyPrefix: Record<StoredKeyKind, string> = { public: 'pk', private: 'sk', session: 'ss' };
/** 192 random bits per key. */
const KEY_BYTES = 24;

export interface NewKey {
  allowedDomains?: string | undefined;
  name?: string | undefined;
}

export class KeysService {
  private readonly db: Kysely<Database>;
  private readonly keys: KeysRepository;
  private readonly audit: AuditService;
  private readonly secrets: Secrets;
  private readonly clock: Clock;

  constructor(
    db: Kysely<Database>,
    keys: KeysRepository,
    audit: AuditService,
    secrets: Secrets,
    clock: Clock,
  ) {
    this.db = db;
    this.keys = keys;
    this.audit = audit;
    this.secrets = secrets;
    this.clock = clock;
  }

  /**
   * Creates a public or private key in the caller's transaction; returns its entry, whose apiKey is the only
   * copy in clear. With an actor, the audit log records it.
   */
  async create(
    shopSuid: string,
    kind: KeyKind,
    input: NewKey,
    trx: Kysely<Database>,
    actor?: AuditActor,
  ): Promise<KeyEntry> {
    const domains = kind === 'public' ? normaliseDomains(input.allowedDomains ?? ANY_DOMAIN) : null;
    const apiKey = randomId(keyPrefix[kind], KEY_BYTES);
    const row = this.newRow(shopSuid, kind, apiKey, domains, input.name || null);
    await this.keys.insert(row, trx);
    if (actor) {
      await this.audit.record(trx, actor, {
        shopSuid,
        action: 'key.create',
        target: keyHint(apiKey),
        to: row.name ?? kind,
      });
    }
    return this.toEntry(row, apiKey);
  }

  /** Creates a key for its owner, audited. */
  addKey(shopSuid: string, kind: KeyKind, input: NewKey, actor: AuditActor): Promise<KeyEntry> {
    return this.db.transaction().execute((trx) => this.create(shopSuid, kind, input, trx, actor));
  }

  /**
   * Rolls a key: a new secret with the old one's kind, name, domains and status, while the old one keeps working
   * for `graceHours` and then is refused. A key already rolled cannot be rolled again.
   */
  async roll(shopSuid: string, apiKey: string, graceHours: number, actor: AuditActor): Promise<KeyEntry> {
    const old = await this.findOwn(shopSuid, apiKey);
    if (old.kind === 'session') throw new AppError('KEY_NOT_FOUND');
    if (old.rolled_to !== null || old.expires_at !== null) throw new AppError('KEY_ALREADY_ROLLED');
    const now = this.clock.now();
    const fresh = randomId(keyPrefix[old.kind], KEY_BYTES);
    const row = {
      ...this.newRow(shopSuid, old.kind, fresh, old.allowed_domains, old.name),
      active: old.active,
    };
    await this.db.transaction().execute(async (trx) => {
      // Conditional, so two rolls of one key at once issue one replacement.
      if (!(await this.keys.claimRoll(trx, old.id, row.id, now + graceHours * 3_600_000)))
        throw new AppError('KEY_ALREADY_ROLLED');
      await this.keys.insert(row, trx);
      await this.audit.record(trx, actor, {
        shopSuid,
        action: 'key.roll',
        target: keyHint(apiKey),
        from: `${graceHours} h`,
        to: keyHint(fresh),
      });
    });
    return this.toEntry(row, fresh);
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
      name: null,
      last_used_at: null,
      rolled_to: null,
    });
    return apiKey;
  }

  async revokeSession(keyId: string): Promise<void> {
    await this.keys.markDeleted(keyId, this.clock.now());
  }

  async account(shopSuid: string): Promise<Account> {
    const rows = await this.keys.listShopKeys(shopSuid, this.clock.now());
    const entries = rows.map((row) => this.toEntry(row));
    return {
      suid: shopSuid,
      activeApiKeys: {
        private: entries.filter((e) => e.kind === 'private'),
        public: entries.filter((e) => e.kind === 'public'),
      },
    };
  }

  /** Changes one property of a key (the route lets exactly one through), audited. */
  async update(
    shopSuid: string,
    apiKey: string,
    change: { active?: number | undefined; allowed_domains?: string | undefined; name?: string | undefined },
    actor: AuditActor,
  ): Promise<KeyEntry> {
    const row = await this.findOwn(shopSuid, apiKey);
    const before = { ...row };
    let field: 'active' | 'allowed_domains' | 'name';
    if (change.allowed_domains !== undefined) {
      if (row.kind !== 'public') {
        throw new AppError('VALIDATION_ERROR', 'Only public keys have allowed domains.');
      }
      row.allowed_domains = normaliseDomains(change.allowed_domains);
      field = 'allowed_domains';
    } else if (change.name !== undefined) {
      row.name = change.name || null;
      field = 'name';
    } else {
      row.active = change.active ?? row.active;
      field = 'active';
    }
    await this.db.transaction().execute(async (trx) => {
      await this.keys.update(row.id, { [field]: row[field] }, trx);
      if (before[field] !== row[field]) {
        await this.audit.record(trx, actor, {
          shopSuid,
          action: 'key.update',
          target: `${keyHint(apiKey)} ${field}`,
          from: before[field],
          to: row[field],
        });
      }
    });
    return this.toEntry(row, apiKey);
  }

  async remove(shopSuid: string, apiKey: string, actor: AuditActor): Promise<void> {
    const row = await this.findOwn(shopSuid, apiKey);
    await this.db.transaction().execute(async (trx) => {
      await this.keys.markDeleted(row.id, this.clock.now(), trx);
      await this.audit.record(trx, actor, {
        shopSuid,
        action: 'key.delete',
        target: keyHint(apiKey),
        from: row.name ?? row.kind,
      });
    });
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

  private newRow(
    shopSuid: string,
    kind: 'public' | 'private',
    apiKey: string,
    domains: string | null,
    name: string | null,
  ): ApiKeysTable {
    return {
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
      name,
      last_used_at: null,
      rolled_to: null,
    };
  }

  private toEntry(row: ApiKeysTable, clear?: string): KeyEntry {
    if (row.kind === 'session') throw new Error('Session keys have no entry');
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      apiKey: clear ?? (row.key_enc ? this.secrets.decrypt(row.key_enc) : ''),
      kind: row.kind,
      created: new Date(row.created_at).toISOString(),
      status: row.active ? KEY_STATUS_ACTIVE : KEY_STATUS_INACTIVE,
      allowedDomains: row.allowed_domains,
      name: row.name ?? '',
      lastUsed: iso(row.last_used_at),
      expires: iso(row.expires_at),
    };
  }
}

/**
 * Stores allowed domains in their normal form, comma-separated; refuses an entry that is not a host, and an empty
 * list, which would stop the widget on every site without a word (switching the key off says so).
 */
export function normaliseDomains(input: string): string {
  const parsed = parseAllowedDomains(input);
  if (!parsed.ok) {
    throw new AppError(
      'INVALID_ALLOWED_DOMAINS',
      `"${parsed.invalid.slice(0, 100)}" is not a host name, *.host or *.`,
    );
  }
  if (parsed.entries.length === 0) {
    throw new AppError(
      'INVALID_ALLOWED_DOMAINS',
      'Give at least one site: a host name such as shop.com, *.shop.com, or * for any site. To stop a key, switch it off.',
    );
  }
  return parsed.entries.join(',');
}
