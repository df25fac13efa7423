import { LOW_BALANCE, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture, settled } from '../../../test/shop-fixture.ts';
import { startReceiver, verifyWebhook, type WebhookReceiver } from '../../../test/webhook-receiver.ts';

const r = routes.webhooks;

describe('webhook endpoints and events', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let rival: ShopFixture;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // The receiver listens on 127.0.0.1, which only this setting lets webhooks reach.
    t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1' });
    shop = await createShop(t, 'hooks-owner@example.com');
    rival = await createShop(t, 'hooks-rival@example.com');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const nowSeconds = () => Math.floor(t.clock.now() / 1000);
  const receivedOf = async (type: string, count = 1) => {
    await vi.waitFor(
      () => expect(receiver.received.filter((x) => JSON.parse(x.body).type === type).length).toBe(count),
      { timeout: 8000, interval: 50 },
    );
    return receiver.received.filter((x) => JSON.parse(x.body).type === type);
  };

  it('registers an endpoint whose secret is shown once, lists it without, rolls it, and deletes it', async () => {
    const created = ok(
      await shop.ownerApi.call(r.add, {
        query: { url: receiver.url('/crud'), events: 'tryon.completed, look.failed,tryon.completed' },
      }),
      201,
    );
    expect(created).toMatchObject({
      url: receiver.url('/crud'),
      events: ['tryon.completed', 'look.failed'],
      enabled: true,
      disabledReason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const listed = ok(await shop.ownerApi.call(r.list, {}));
    expect(listed.items.map((e) => e.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const rolled = ok(await shop.ownerApi.call(r.roll, { query: { id: created.id } }));
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(created.secret);
    const updated = ok(
      await shop.ownerApi.call(r.update, { query: { id: created.id, enabled: 0, events: 'garment.added' } }),
    );
    expect(updated).toMatchObject({ enabled: false, events: ['garment.added'] });

    ok(await shop.ownerApi.call(r.remove, { query: { id: created.id } }));
    expect(ok(await shop.ownerApi.call(r.list, {})).items).toEqual([]);
  });

  it('refuses unknown events, and URLs that are not http(s) or carry credentials', async () => {
    const add = (url: string, events = 'tryon.completed') =>
      shop.ownerApi.call(r.add, { query: { url, events } });
    expect(failed(await add(receiver.url(), 'tryon.done'), 400).errorCodeStr).toBe('VALIDATION_ERROR');
    expect(failed(await add(receiver.url(), ''), 400).errorCodeStr).toBe('VALIDATION_ERROR');
    for (const url of [
      'ftp://example.com/hook',
      'http://user:pw@example.com/hook',
      'not a url',
      'file:///etc/passwd',
    ]) {
      expect(failed(await add(url), 400).errorCodeStr, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
  });

  it('takes private keys only, and keeps each shop to its own endpoints and logs', async () => {
    const mine = ok(
      await shop.ownerApi.call(r.add, { query: { url: receiver.url('/mine'), events: 'model.added' } }),
      201,
    );
    const stranger = rival.ownerApi;
    expect(ok(await stranger.call(r.list, {})).items).toEqual([]);
    for (const answer of [
      await stranger.call(r.update, { query: { id: mine.id, enabled: 0 } }),
      await stranger.call(r.roll, { query: { id: mine.id } }),
      await stranger.call(r.remove, { query: { id: mine.id } }),
      await stranger.call(r.deliveries, { query: { id: mine.id } }),
      await stranger.call(r.test, { query: { id: mine.id } }),
    ]) {
      expect(failed(answer, 404).errorCodeStr).toBe('NOT_FOUND');
    }
    const test = ok(await shop.ownerApi.call(r.test, { query: { id: mine.id } }), 202);
    expect(failed(await stranger.call(r.resend, { query: { delivery: test.id } }), 404).errorCodeStr).toBe(
      'NOT_FOUND',
    );
    const shopper = shop.client();
    expect(failed(await shopper.call(r.list, {}), 403).errorCodeStr).toBe('PRIVATE_KEY_REQUIRED');
    expect(
      failed(await shopper.call(r.add, { query: { url: receiver.url(), events: 'model.added' } }), 403)
        .errorCodeStr,
    ).toBe('PRIVATE_KEY_REQUIRED');
    expect(failed(await api(t).call(r.list, {}), 401).errorCodeStr).toBe('API_KEY_MISSING');
    expect(ok(await shop.ownerApi.call(r.list, {})).items.map((e) => e.id)).toContain(mine.id);
    ok(await shop.ownerApi.call(r.remove, { query: { id: mine.id } }));
  });

  it('delivers tryon.completed, signed, with the try-on as the API shows it and a working image link', async () => {
    const endpoint = ok(
      await shop.ownerApi.call(r.add, {
        query: { url: receiver.url('/renders'), events: 'tryon.completed,tryon.failed' },
      }),
      201,
    );
    const lookOnly = ok(
      await shop.ownerApi.call(r.add, { query: { url: receiver.url('/looks'), events: 'look.completed' } }),
      201,
    );
    const created = ok(
      await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } }),
      202,
    );
    expect((await settled(t, created.tuid)).status).toBe('done');
    const [hit] = await receivedOf('tryon.completed');
    if (!hit) throw new Error('no delivery');
    expect(hit.path).toBe('/renders');
    const signature = String(hit.headers['tryon-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(signature, hit.body, endpoint.secret, nowSeconds())).toBe(true);
    expect(verifyWebhook(signature, hit.body, endpoint.secret, nowSeconds() + 301)).toBe(false);
    expect(verifyWebhook(signature, hit.body.replace('done', 'dona'), endpoint.secret, nowSeconds())).toBe(
      false,
    );
    const event = JSON.parse(hit.body);
    expect(event).toMatchObject({
      type: 'tryon.completed',
      created: new Date(t.clock.now()).toISOString(),
      data: { tuid: created.tuid, status: 'done', guid: shop.guid, muid: shop.muid },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(hit.headers['tryon-event-id']).toBe(event.id);
    expect(event.data.image).toMatch(/^http:\/\/tryon\.test\/v1\/tryon\/image\//);
    const image = await t.app.inject({
      method: 'GET',
      url: event.data.image.replace('http://tryon.test', ''),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // The look-only endpoint heard nothing of it.
    expect(receiver.received.filter((x) => x.path === '/looks')).toEqual([]);

    // The delivery is marked once the receiver's answer is back, which may be a moment after it got the
    // request.
    const log = await vi.waitFor(
      async () => {
        const deliveries = ok(await shop.ownerApi.call(r.deliveries, { query: { id: endpoint.id } }));
        expect(deliveries.items[0]?.status).not.toBe('running');
        return deliveries;
      },
      { timeout: 8000, interval: 50 },
    );
    expect(log.items[0]).toMatchObject({ eventId: event.id, type: 'tryon.completed', status: 'succeeded' });
    expect(log.items[0]?.attempts[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: 'ok' });
    for (const id of [endpoint.id, lookOnly.id]) ok(await shop.ownerApi.call(r.remove, { query: { id } }));
  });

  it('tells of garments and models added, and of the balance coming down to the low mark', async () => {
    const endpoint = ok(
      await shop.ownerApi.call(r.add, {
        query: { url: receiver.url('/catalog'), events: 'garment.added,model.added,balance.low' },
      }),
      201,
    );
    const garment = ok(
      await shop.ownerApi.call(
        routes.garments.add,
        { query: { name: 'Red shirt' } },
        upload(await testImage(400, 500, 'png', '#c33')),
      ),
      201,
    );
    const [added] = await receivedOf('garment.added');
    expect(JSON.parse(added?.body ?? '{}').data).toMatchObject({ guid: garment.guid, name: 'Red shirt' });
    expect(
      verifyWebhook(
        String(added?.headers['tryon-signature']),
        added?.body ?? '',
        endpoint.secret,
        nowSeconds(),
      ),
    ).toBe(true);

    const { uid } = ok(await shop.ownerApi.call(routes.user.profile, {}));
    await t.runtime.db.db
      .transaction()
      .execute((trx) => t.runtime.services.plans.setBalance(trx, shop.suid, LOW_BALANCE + 2, uid));
    for (let i = 0; i < 3; i++) {
      const made = ok(
        await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } }),
        202,
      );
      await settled(t, made.tuid);
    }
    const [low] = await receivedOf('balance.low');
    expect(JSON.parse(low?.body ?? '{}').data).toEqual({
      suid: shop.suid,
      balance: LOW_BALANCE,
      lowAt: LOW_BALANCE,
    });
    ok(await shop.ownerApi.call(r.remove, { query: { id: endpoint.id } }));
  });

  it('sends a one-off webhook_url of a private-key try-on, signed with the one-off secret; never for public keys', async () => {
    const { secret } = ok(await shop.ownerApi.call(r.oneOffSecret, {}));
    const query = { guid: shop.guid, muid: shop.muid, webhook_url: receiver.url('/once') };
    const created = ok(await shop.ownerApi.call(routes.tryOns.add, { query }), 202);
    await settled(t, created.tuid);
    await vi.waitFor(() => expect(receiver.received.some((x) => x.path === '/once')).toBe(true), {
      timeout: 8000,
      interval: 50,
    });
    const hit = receiver.received.find((x) => x.path === '/once');
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({
      type: 'tryon.completed',
      data: { tuid: created.tuid },
    });
    expect(
      verifyWebhook(String(hit?.headers['tryon-signature']), hit?.body ?? '', secret, nowSeconds()),
    ).toBe(true);

    const before = await shop.balance();
    expect(failed(await shop.client().call(routes.tryOns.add, { query }), 403).errorCodeStr).toBe(
      'PRIVATE_KEY_REQUIRED',
    );
    const bad = { ...query, webhook_url: 'gopher://example.com/' };
    expect(failed(await shop.ownerApi.call(routes.tryOns.add, { query: bad }), 400).errorCodeStr).toBe(
      'WEBHOOK_URL_NOT_ALLOWED',
    );
    expect(await shop.balance()).toBe(before);
  });
});

describe('webhook address checks without the private-network setting', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t, 'hooks-ssrf@example.com');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('refuses private address literals, and a host name that resolves to one never gets a connection', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/',
    ]) {
      const answer = await shop.ownerApi.call(r.add, { query: { url, events: 'tryon.completed' } });
      expect(failed(answer, 400).errorCodeStr, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
    const oneOff = { guid: shop.guid, muid: shop.muid, webhook_url: 'http://127.0.0.1:9/x' };
    expect(failed(await shop.ownerApi.call(routes.tryOns.add, { query: oneOff }), 400).errorCodeStr).toBe(
      'WEBHOOK_URL_NOT_ALLOWED',
    );

    // localhost passes the literal check; the connect-time check refuses it.
    const port = new URL(receiver.url()).port;
    const endpoint = ok(
      await shop.ownerApi.call(r.add, {
        query: { url: `http://localhost:${port}/hook`, events: 'tryon.completed' },
      }),
      201,
    );
    const test = ok(await shop.ownerApi.call(r.test, { query: { id: endpoint.id } }), 202);
    await vi.waitFor(
      async () => {
        const log = ok(await shop.ownerApi.call(r.deliveries, { query: { id: endpoint.id } }));
        expect(log.items.find((d) => d.id === test.id)?.attempts[0]?.error).toBe(
          'address not allowed (private or local network)',
        );
      },
      { timeout: 8000, interval: 100 },
    );
    expect(receiver.received).toEqual([]);
  });
});
