import { type AuditAction, type AuditEntry, type AuditVia, auditVias } from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRepository } from './audit.repository.ts';

/** Who makes a change: a signed-in user or a key's owner (api), the command line, or a sign-in rule. */
export interface AuditActor {
  uid: string | null;
  via: AuditVia;
}

export interface AuditChange {
  shopSuid: string | null;
  action: AuditAction;
  target: string;
  from?: string | number | boolean | null;
  to?: string | number | boolean | null;
}

const text = (v: string | number | boolean | null | undefined): string | null =>
  v === undefined || v === null ? null : String(v);

/** The audit log: one row per change, written in the caller's transaction so it commits with the change. */
export class AuditService {
  private readonly audit: AuditRepository;
  private readonly clock: Clock;

  constructor(audit: AuditRepository, clock: Clock) {
    this.audit = audit;
    this.clock = clock;
  }

  async record(trx: Kysely<Database>, actor: AuditActor, change: AuditChange): Promise<void> {
    await this.audit.insert(trx, {
      shop_suid: change.shopSuid,
      actor_uid: actor.uid,
      via: actor.via,
      action: change.action,
      target: change.target,
      details: JSON.stringify({ from: text(change.from), to: text(change.to) }),
      created_at: this.clock.now(),
    });
  }

  async list(
    shopSuid: string | null,
    offset: number,
    limit: number,
  ): Promise<{ items: AuditEntry[]; nextOffset: number | null }> {
    const rows = await this.audit.list(shopSuid, offset, limit);
    const items = rows.map((r): AuditEntry => {
      const details = JSON.parse(r.details) as { from?: string | null; to?: string | null };
      return {
        id: r.id,
        created: new Date(r.created_at).toISOString(),
        shop_uid: r.shop_suid,
        shopName: r.shop_name,
        actor: r.actor_email,
        via: (auditVias as readonly string[]).includes(r.via) ? (r.via as AuditVia) : 'api',
        action: r.action as AuditAction,
        target: r.target,
        from: details.from ?? null,
        to: details.to ?? null,
      };
    });
    return { items, nextOffset: rows.length === limit ? offset + limit : null };
  }

  deleteBefore(time: number): Promise<void> {
    return this.audit.deleteBefore(time);
  }
}

/** A key as the log names it: its prefix and last four characters, never the secret. */
export const keyHint = (apiKey: string): string => `${apiKey.slice(0, 3)}…${apiKey.slice(-4)}`;
