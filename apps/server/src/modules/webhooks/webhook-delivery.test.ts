import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routes, type WebhookDelivery } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createShop, type ShopFixture, settled } from '../../../test/shop-fixture.ts';
import { startReceiver, verifyWebhook, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { sweepExpired, WEBHOOK_LOG_DAYS } from '../retention/retention.ts';
import { WEBHOOK_RETRY_DELAYS_MS } from './delivery-processor.ts';
import { startWebhookJobs } from './webhook-jobs.ts';

const r = routes.webhooks;
const DAY_MS = 86_400_000;
const waitOptions = { timeout: 8000, interval: 50 };

describe('webhook deliveries: retries, back-off, disabling', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1' });
    shop = await createShop(t, 'deliveries@example.com');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const addEndpoint = async (pathName: string, events = 'tryon.completed') =>
    ok(await shop.ownerApi.call(r.add, { query: { url: receiver.url(pathName), events } }), 201);
  const deliveryOf = async (endpointId: string, deliveryId: string): Promise<WebhookDelivery | undefined> =>
    ok(await shop.ownerApi.call(r.deliveries, { query: { id: endpointId } })).items.find(
      (d) => d.id === deliveryId,
    );
  const attemptsReach = (endpointId: string, deliveryId: string, count: number) =>
    vi.waitFor(async () => {
      const delivery = await deliveryOf(endpointId, deliveryId);
      expect(delivery?.attempts.length).toBe(count);
      expect(delivery?.status).not.toBe('running');
      return delivery;
    }, waitOptions);

  it('records each failed attempt and retries with exponential back-off for about a day, then gives up', async () => {
    receiver.answer(500, 'boom');
    const endpoint = await addEndpoint('/flaky');
    const test = ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
    expect(test).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: [] });

    let delivery = await attemptsReach(endpoint.id, test.id, 1);
    expect(delivery?.attempts[0]).toMatchObject({
      attempt: 1,
      statusCode: 500,
      responseExcerpt: 'boom',
      error: null,
    });
    expect(delivery?.attempts[0]?.latencyMs).toBeGreaterThanOrEqual(0);
    const first = Date.parse(delivery?.attempts[0]?.at ?? '');
    expect(delivery?.nextAttempt).toBe(new Date(first + 30_000).toISOString());

    for (const [i, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      // Not a moment early: one second short of the delay, nothing is sent.
      t.clock.advance(delay - 1000);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await deliveryOf(endpoint.id, test.id))?.attempts.length).toBe(i + 1);
      t.clock.advance(1000);
      delivery = await attemptsReach(endpoint.id, test.id, i + 2);
      const [previous, latest] = (delivery?.attempts ?? []).slice(-2);
      expect(Date.parse(latest?.at ?? '') - Date.parse(previous?.at ?? '')).toBe(delay);
    }
    expect(delivery).toMatchObject({ status: 'failed', nextAttempt: null });
    const span = Date.parse(delivery?.attempts.at(-1)?.at ?? '') - first;
    expect(span / 3_600_000).toBeGreaterThan(20);
    expect(span / 3_600_000).toBeLessThan(26);
    // Every attempt carried the same event id.
    const ids = new Set(
      receiver.received.filter((x) => x.path === '/flaky').map((x) => x.headers['tryon-event-id']),
    );
    expect([...ids]).toEqual([test.eventId]);
    expect(receiver.received.filter((x) => x.path === '/flaky')).toHaveLength(10);

    // A resend delivers the same event again, and a success clears the failing mark.
    receiver.answer(200, 'thanks');
    const listed = ok(await shop.ownerApi.call(r.list, {})).items.find((e) => e.id === endpoint.id);
    expect(listed?.failingSince).not.toBeNull();
    const resent = ok(await shop.ownerApi.call(r.resend, { query: { delivery: test.id } }), 202);
    expect(resent.eventId).toBe(test.eventId);
    expect(resent.id).not.toBe(test.id);
    await vi.waitFor(
      async () => expect((await deliveryOf(endpoint.id, resent.id))?.status).toBe('succeeded'),
      waitOptions,
    );
    const healed = ok(await shop.ownerApi.call(r.list, {})).items.find((e) => e.id === endpoint.id);
    expect(healed).toMatchObject({ enabled: true, failingSince: null });
    ok(await shop.ownerApi.call(r.remove, { query: { id: endpoint.id } }));
  });

  it('disables an endpoint failing for three days, e-mails the owner once, and sends it no more events', async () => {
    receiver.answer(503, 'down');
    const endpoint = await addEndpoint('/dead');
    const first = ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
    await attemptsReach(endpoint.id, first.id, 1);

    t.clock.advance(3 * DAY_MS - 60_000);
    const second = ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
    await attemptsReach(endpoint.id, second.id, 1);
    expect(ok(await shop.ownerApi.call(r.list, {})).items.find((e) => e.id === endpoint.id)?.enabled).toBe(
      true,
    );

    t.clock.advance(60_000);
    const third = ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
    const last = await attemptsReach(endpoint.id, third.id, 1);
    expect(last?.status).toBe('failed');
    const listed = ok(await shop.ownerApi.call(r.list, {})).items.find((e) => e.id === endpoint.id);
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failing' });
    // The retries still waiting were dropped with it.
    await vi.waitFor(
      async () => expect((await deliveryOf(endpoint.id, second.id))?.status).toBe('failed'),
      waitOptions,
    );

    const outbox = path.join(t.dataDir, 'outbox');
    const mails = readdirSync(outbox)
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .filter((mail) => mail.includes('webhook endpoint disabled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: deliveries@example.com');
    expect(mails[0]).toContain(receiver.url('/dead'));

    // A try-on finishes: the disabled endpoint gets no delivery of it.
    const made = ok(
      await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } }),
      202,
    );
    await settled(t, made.tuid);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = ok(await shop.ownerApi.call(r.deliveries, { query: { id: endpoint.id } }));
    expect(log.items.map((d) => d.type)).toEqual(['webhook.test', 'webhook.test', 'webhook.test']);

    const enabled = ok(await shop.ownerApi.call(r.update, { query: { id: endpoint.id, enabled: 1 } }));
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    ok(await shop.ownerApi.call(r.remove, { query: { id: endpoint.id } }));
  });
  it('keeps the delivery log for 30 days, then forgets deliveries, attempts and events', async () => {
    receiver.answer(200, 'ok');
    const endpoint = await addEndpoint('/kept');
    const test = ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
    await vi.waitFor(
      async () => expect((await deliveryOf(endpoint.id, test.id))?.status).toBe('succeeded'),
      waitOptions,
    );
    const sweep = (days: number) =>
      sweepExpired(t.runtime.services, t.runtime.db.db, 30 * DAY_MS, t.clock.now() + days * DAY_MS);
    await sweep(WEBHOOK_LOG_DAYS - 1);
    expect((await deliveryOf(endpoint.id, test.id))?.attempts).toHaveLength(1);
    await sweep(WEBHOOK_LOG_DAYS + 1);
    expect(await deliveryOf(endpoint.id, test.id)).toBeUndefined();
    expect(await t.runtime.services.webhooksRepository.attempts([test.id])).toEqual([]);
    expect(await t.runtime.services.webhooksRepository.event(test.eventId)).toBeUndefined();
    ok(await shop.ownerApi.call(r.remove, { query: { id: endpoint.id } }));
  });
});

describe('webhook deliveries are durable jobs', () => {
  it('a delivery queued while no process sends them goes out after a restart', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1' }, undefined, { renderJobs: false });
    try {
      const shop = await createShop(t, 'durable-hooks@example.com');
      const endpoint = ok(
        await shop.ownerApi.call(r.add, { query: { url: receiver.url(), events: 'tryon.completed' } }),
        201,
      );
      ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(receiver.received).toEqual([]);
      await t.restart();
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), waitOptions);
      const [hit] = receiver.received;
      expect(
        verifyWebhook(
          String(hit?.headers['tryon-signature']),
          hit?.body ?? '',
          endpoint.secret,
          t.clock.now() / 1000,
        ),
      ).toBe(true);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('webhook deliveries on BullMQ: skipped, TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('webhook deliveries on BullMQ', () => {
  it('the API only queues; a worker sends them', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp({
      URL_IMPORT_ALLOW_PRIVATE: '1',
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `t${randomBytes(6).toString('hex')}`,
    });
    try {
      const shop = await createShop(t, 'bull-hooks@example.com');
      const endpoint = ok(
        await shop.ownerApi.call(r.add, { query: { url: receiver.url(), events: 'tryon.completed' } }),
        201,
      );
      const test = ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.received).toEqual([]);
      const stop = startWebhookJobs(t.runtime, 'worker');
      try {
        await vi.waitFor(() => expect(receiver.received).toHaveLength(1), waitOptions);
        expect(receiver.received[0]?.headers['tryon-event-id']).toBe(test.eventId);
      } finally {
        await stop();
      }
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
