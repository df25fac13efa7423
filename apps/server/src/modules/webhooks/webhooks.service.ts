import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomId, type Secrets } from '../../lib/secrets.ts';
import { checkOutboundUrl } from '../../lib/url-import/outbound-url.ts';
import type { WebhookEmitter } from './webhook-emitter.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import type { DeliveryRow, WebhooksRepository } from './webhooks.repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface EndpointChanges {
  url?: string | undefined;
  events?: WebhookEventType[] | undefined;
  enabled?: number | undefined;
}

/** A shop's webhook endpoints and their delivery logs; every call is scoped to the caller's shop. */
export class WebhooksService {
  private readonly db: Kysely<Database>;
  private readonly repository: WebhooksRepository;
  private readonly emitter: WebhookEmitter;
  private readonly secrets: Secrets;
  private readonly clock: Clock;
  private readonly allowPrivateNetworks: boolean;

  constructor(
    db: Kysely<Database>,
    repository: WebhooksRepository,
    emitter: WebhookEmitter,
    secrets: Secrets,
    clock: Clock,
    allowPrivateNetworks: boolean,
  ) {
    this.db = db;
    this.repository = repository;
    this.emitter = emitter;
    this.secrets = secrets;
    this.clock = clock;
    this.allowPrivateNetworks = allowPrivateNetworks;
  }

  /** A URL the server may call for this shop, normalised; WEBHOOK_URL_NOT_ALLOWED otherwise. */
  checkUrl(url: string): string {
    return checkOutboundUrl(url, this.allowPrivateNetworks);
  }

  async list(shopSuid: string): Promise<WebhookEndpoint[]> {
    return (await this.repository.endpoints(shopSuid)).map(present);
  }

  async add(
    shopSuid: string,
    input: { url: string; events: WebhookEventType[]; enabled: number },
  ): Promise<WebhookEndpoint & { secret: string }> {
    const url = this.checkUrl(input.url);
    if ((await this.repository.endpoints(shopSuid)).length >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError('WEBHOOK_LIMIT_REACHED');
    }
    const secret = newWebhookSecret();
    const row: WebhookEndpointsTable = {
      id: randomId('we'),
      shop_suid: shopSuid,
      url,
      events: input.events.join(','),
      enabled: input.enabled,
      secret_enc: this.secrets.encrypt(secret),
      disabled_reason: null,
      failing_since: null,
      created_at: this.clock.now(),
    };
    await this.repository.insertEndpoint(row);
    return { ...present(row), secret };
  }

  async update(shopSuid: string, id: string, changes: EndpointChanges): Promise<WebhookEndpoint> {
    await this.require(shopSuid, id);
    const set: Partial<WebhookEndpointsTable> = {};
    if (changes.url !== undefined) set.url = this.checkUrl(changes.url);
    if (changes.events !== undefined) set.events = changes.events.join(',');
    if (changes.enabled !== undefined) {
      set.enabled = changes.enabled;
      // Enabled again by its owner: failures start counting afresh.
      if (changes.enabled === 1) Object.assign(set, { disabled_reason: null, failing_since: null });
    }
    await this.repository.updateEndpoint(shopSuid, id, set);
    if (changes.enabled === 0) await this.repository.dropPending(id, this.clock.now());
    return present(await this.require(shopSuid, id));
  }

  async roll(shopSuid: string, id: string): Promise<WebhookEndpoint & { secret: string }> {
    await this.require(shopSuid, id);
    const secret = newWebhookSecret();
    await this.repository.updateEndpoint(shopSuid, id, { secret_enc: this.secrets.encrypt(secret) });
    return { ...present(await this.require(shopSuid, id)), secret };
  }

  async remove(shopSuid: string, id: string): Promise<void> {
    await this.require(shopSuid, id);
    await this.repository.deleteEndpoint(shopSuid, id);
  }

  async rollOneOffSecret(shopSuid: string): Promise<string> {
    const secret = newWebhookSecret();
    await this.repository.putShopSecret(shopSuid, this.secrets.encrypt(secret), this.clock.now());
    return secret;
  }

  async deliveries(
    shopSuid: string,
    endpointId: string,
    offset: number,
    limit: number,
  ): Promise<{ items: WebhookDelivery[]; nextOffset: number | null }> {
    await this.require(shopSuid, endpointId);
    const rows = await this.repository.deliveries(shopSuid, endpointId, offset, limit);
    const page = rows.slice(0, limit);
    return {
      items: await this.presentDeliveries(page),
      nextOffset: rows.length > limit ? offset + limit : null,
    };
  }

  async resend(shopSuid: string, deliveryId: string): Promise<WebhookDelivery> {
    const source = await this.repository.delivery(shopSuid, deliveryId);
    if (!source) throw new AppError('NOT_FOUND');
    const row = await this.db.transaction().execute((trx) => this.emitter.deliverAgain(trx, source));
    return this.presentOne(shopSuid, row.id);
  }

  async sendTest(shopSuid: string, endpointId: string): Promise<WebhookDelivery> {
    await this.require(shopSuid, endpointId);
    const data = { message: 'A test event: your endpoint receives and verifies our webhooks.' };
    const [row] = await this.db
      .transaction()
      .execute((trx) => this.emitter.emit(trx, shopSuid, WEBHOOK_TEST_EVENT, data, { endpointId }));
    if (!row) throw new Error('a test event made no delivery');
    return this.presentOne(shopSuid, row.id);
  }

  private async require(shopSuid: string, id: string): Promise<WebhookEndpointsTable> {
    const row = await this.repository.endpoint(shopSuid, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async presentOne(shopSuid: string, deliveryId: string): Promise<WebhookDelivery> {
    const row = await this.repository.delivery(shopSuid, deliveryId);
    if (!row) throw new AppError('NOT_FOUND');
    const [presented] = await this.presentDeliveries([row]);
    if (!presented) throw new AppError('NOT_FOUND');
    return presented;
  }

  private async presentDeliveries(rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
    const attempts = await this.repository.attempts(rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      type: row.type,
      status: row.status,
      nextAttempt: row.status === 'pending' ? iso(row.run_after) : null,
      created: new Date(row.created_at).toISOString(),
      attempts: attempts
        .filter((a) => a.delivery_id === row.id)
        .map((a) => ({
          attempt: a.attempt,
          at: new Date(a.started_at).toISOString(),
          statusCode: a.status_code,
          latencyMs: a.latency_ms,
          responseExcerpt: a.response_excerpt,
          error: a.error,
        })),
    }));
  }
}

function present(row: WebhookEndpointsTable): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(',') as WebhookEventType[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason === 'failing' ? 'failing' : null,
    failingSince: iso(row.failing_since),
    created: new Date(row.created_at).toISOString(),
  };
}
