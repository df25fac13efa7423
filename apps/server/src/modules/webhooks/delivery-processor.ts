import { WEBHOOK_SIGNATURE_HEADER } from '@tryon/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookDeliveriesTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ImageLinks } from '../../lib/image-links.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { randomId, type Secrets } from '../../lib/secrets.ts';
import type { JobRunner, RunResult } from '../render-jobs/render-queue.ts';
import { withFreshLinks } from './fresh-links.ts';
import type { PostOptions, PostResult } from './post-webhook.ts';
import { newWebhookSecret, signWebhook } from './webhook-signature.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/** Waits before attempt 2, 3, ...: 30 s doubling to 8 h; ten attempts over about 23.7 hours. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000,
] as const;

export interface DeliveryOptions {
  publicUrl: string;
  /** An endpoint whose deliveries have all failed for this long is disabled and its owner told. */
  disableAfterMs: number;
  post: PostOptions;
  productName: string;
}

export type Poster = (
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
) => Promise<PostResult>;

/**
 * Sends one attempt of a delivery: claims the row, signs the event as it is now (fresh image links), POSTs it,
 * records the attempt, then settles: succeeded on a 2xx, else again later with back-off, or failed for good.
 */
export class DeliveryProcessor implements JobRunner {
  private readonly repository: WebhooksRepository;
  private readonly secrets: Secrets;
  private readonly links: ImageLinks;
  private readonly mailer: Mailer;
  private readonly post: Poster;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly options: DeliveryOptions;

  constructor(
    repository: WebhooksRepository,
    secrets: Secrets,
    links: ImageLinks,
    mailer: Mailer,
    post: Poster,
    clock: Clock,
    log: FastifyBaseLogger,
    options: DeliveryOptions,
  ) {
    this.repository = repository;
    this.secrets = secrets;
    this.links = links;
    this.mailer = mailer;
    this.post = post;
    this.clock = clock;
    this.log = log;
    this.options = options;
  }

  async run(id: string): Promise<RunResult> {
    const leaseMs = this.options.post.timeoutMs + 60_000;
    const delivery = await this.repository.claim(id, this.clock.now(), leaseMs);
    if (!delivery) return { outcome: 'skipped' };
    const target = await this.target(delivery);
    const event = await this.repository.event(delivery.event_id);
    if (!target || !event) {
      await this.repository.settle(id, delivery.attempts, { status: 'failed', now: this.clock.now() });
      return { outcome: 'failed' };
    }
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      created: new Date(event.created_at).toISOString(),
      data: withFreshLinks(JSON.parse(event.data), this.links, this.options.publicUrl),
    });
    const startedAt = this.clock.now();
    const headers = {
      'content-type': 'application/json',
      'user-agent': `${this.options.productName}-Webhooks/1.0`,
      'tryon-event-id': event.id,
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(target.secret, Math.floor(startedAt / 1000), body),
    };
    const result = await this.post(target.url, body, headers, this.options.post);
    await this.repository.insertAttempt({
      id: randomId('wha'),
      delivery_id: id,
      attempt: delivery.attempts,
      started_at: startedAt,
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      response_excerpt: result.responseExcerpt,
      error: result.error,
    });
    const now = this.clock.now();
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    if (succeeded) {
      if (delivery.endpoint_id) await this.repository.markSucceeded(delivery.endpoint_id);
      await this.repository.settle(id, delivery.attempts, { status: 'succeeded', now });
      return { outcome: 'done' };
    }
    const disabled = delivery.endpoint_id ? await this.noteFailure(delivery, delivery.endpoint_id) : false;
    const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts - 1];
    if (disabled || delay === undefined) {
      await this.repository.settle(id, delivery.attempts, { status: 'failed', now });
      return { outcome: 'failed' };
    }
    const runAfter = now + delay;
    await this.repository.settle(id, delivery.attempts, { status: 'pending', runAfter });
    return { outcome: 'retry', runAfter };
  }

  /** Where the delivery goes and the secret that signs it; none when its endpoint was deleted. */
  private async target(delivery: WebhookDeliveriesTable): Promise<{ url: string; secret: string } | null> {
    if (delivery.endpoint_id) {
      const endpoint = await this.repository.endpointById(delivery.endpoint_id);
      return endpoint ? { url: endpoint.url, secret: this.secrets.decrypt(endpoint.secret_enc) } : null;
    }
    if (!delivery.url) return null;
    // The one-off secret is made on first use; the owner sees one by rolling it.
    await this.repository.putShopSecret(
      delivery.shop_suid,
      this.secrets.encrypt(newWebhookSecret()),
      this.clock.now(),
      true,
    );
    const sealed = await this.repository.shopSecret(delivery.shop_suid);
    return sealed ? { url: delivery.url, secret: this.secrets.decrypt(sealed) } : null;
  }

  /**
   * Counts a failure against the endpoint and disables it (mailing the owner, once) after days of them.
   * Answers whether the endpoint is off now: then nothing more is tried (what the owner sends to a disabled
   * endpoint by hand gets one attempt).
   */
  private async noteFailure(delivery: WebhookDeliveriesTable, endpointId: string): Promise<boolean> {
    const now = this.clock.now();
    const since = await this.repository.markFailing(endpointId, now);
    if (now - since >= this.options.disableAfterMs && (await this.repository.disableFailing(endpointId))) {
      await this.repository.dropPending(endpointId, now);
      await this.tellOwner(delivery.shop_suid, endpointId, since);
    }
    return (await this.repository.endpointById(endpointId))?.enabled !== 1;
  }

  private async tellOwner(shopSuid: string, endpointId: string, since: number): Promise<void> {
    const endpoint = await this.repository.endpointById(endpointId);
    const to = await this.repository.ownerEmail(shopSuid);
    if (to && endpoint) {
      const days = Math.round(this.options.disableAfterMs / 86_400_000);
      await this.mailer
        .send({
          to,
          subject: `${this.options.productName}: webhook endpoint disabled`,
          text:
            `Every delivery to your webhook endpoint\n\n  ${endpoint.url}\n\nhas failed since ` +
            `${new Date(since).toISOString()} (${days} days or more), so we have disabled it and stopped ` +
            'sending events to it.\n\nFix the endpoint, then enable it again on the Webhooks page of the ' +
            `dashboard: ${this.options.publicUrl}/webhooks\n`,
        })
        .catch((err: unknown) => this.log.warn({ err, endpointId }, 'could not mail the webhook owner'));
    }
    this.log.warn({ endpointId, shop: shopSuid }, 'webhook endpoint disabled after days of failures');
  }
}
