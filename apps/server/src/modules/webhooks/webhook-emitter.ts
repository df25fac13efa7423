import type { WebhookEventType } from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomId } from '../../lib/secrets.ts';
import type { RenderQueue } from '../render-jobs/render-queue.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/** A queue message may come before the transaction that made the row commits; the row is claimed later. */
const QUEUE_DELAY_MS = 1000;

export type EventType = WebhookEventType | 'webhook.test';

/**
 * Records an event and a delivery to each enabled endpoint of the shop that wants it (and to a one-off URL),
 * in the caller's transaction: an event is delivered exactly when what it tells of was committed.
 */
export class WebhookEmitter {
  private readonly repository: WebhooksRepository;
  private readonly queue: RenderQueue;
  private readonly clock: Clock;

  constructor(repository: WebhooksRepository, queue: RenderQueue, clock: Clock) {
    this.repository = repository;
    this.queue = queue;
    this.clock = clock;
  }

  async emit(
    trx: Kysely<Database>,
    shopSuid: string,
    type: EventType,
    data: unknown,
    target: { oneOffUrl?: string | null; endpointId?: string } = {},
  ): Promise<WebhookDeliveriesTable[]> {
    const now = this.clock.now();
    const endpoints =
      target.endpointId !== undefined
        ? [{ id: target.endpointId }]
        : (await this.repository.endpoints(shopSuid, trx)).filter(
            (e) => e.enabled === 1 && e.events.split(',').includes(type),
          );
    const oneOff = target.oneOffUrl ? [target.oneOffUrl] : [];
    if (endpoints.length === 0 && oneOff.length === 0) return [];
    const eventId = randomId('evt');
    await this.repository.insertEvent(trx, {
      id: eventId,
      shop_suid: shopSuid,
      type,
      data: JSON.stringify(data),
      created_at: now,
    });
    const rows = [
      ...endpoints.map((e) => this.delivery(shopSuid, eventId, e.id, null)),
      ...oneOff.map((url) => this.delivery(shopSuid, eventId, null, url)),
    ];
    await this.repository.insertDeliveries(trx, rows);
    for (const row of rows) await this.queue.enqueue(row.id, now + QUEUE_DELAY_MS);
    return rows;
  }

  /** A new delivery of an event that was already sent (resend): same event id, same endpoint or URL. */
  async deliverAgain(
    trx: Kysely<Database>,
    source: Pick<WebhookDeliveriesTable, 'shop_suid' | 'event_id' | 'endpoint_id' | 'url'>,
  ): Promise<WebhookDeliveriesTable> {
    const row = this.delivery(source.shop_suid, source.event_id, source.endpoint_id, source.url);
    await this.repository.insertDeliveries(trx, [row]);
    await this.queue.enqueue(row.id, this.clock.now() + QUEUE_DELAY_MS);
    return row;
  }

  private delivery(
    shopSuid: string,
    eventId: string,
    endpointId: string | null,
    url: string | null,
  ): WebhookDeliveriesTable {
    const now = this.clock.now();
    return {
      id: randomId('whd'),
      shop_suid: shopSuid,
      endpoint_id: endpointId,
      url,
      event_id: eventId,
      status: 'pending',
      attempts: 0,
      run_after: now,
      lease_until: null,
      created_at: now,
      finished_at: null,
    };
  }
}
