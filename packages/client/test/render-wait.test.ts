import { routes, type TryOn } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/harness.ts';
import { createShop, type ShopFixture } from '../../../apps/server/test/shop-fixture.ts';
import { ApiError, createClient, isApiError, tryOnAndWait, unwrap } from '../src/index.ts';

async function listening(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

describe('tryOnAndWait against the real server', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t, 'sdk-wait@example.com');
    baseUrl = await listening(t);
  });
  afterAll(() => t.close());

  it('submits a try-on and resolves when it is done, reporting each state seen', async () => {
    const client = createClient({ baseUrl, apiKey: shop.owner });
    const seen: string[] = [];
    const done = await tryOnAndWait(
      client,
      { guid: shop.guid, muid: shop.muid },
      { onUpdate: (item) => seen.push(item.status) },
    );
    expect(done.status).toBe('done');
    expect(done.image).toMatch(/^\/v1\/tryon\/image\//);
    expect(seen[0]).toBe('queued');
    expect(seen.at(-1)).toBe('done');
    expect(await shop.balance()).toBe(49);
  });

  it('rejects with an ApiError typed by the API error code', async () => {
    const client = createClient({ baseUrl, apiKey: shop.owner });
    const failure = await tryOnAndWait(client, { guid: 'gar_missing', muid: shop.muid }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(isApiError(failure, 'NOT_FOUND')).toBe(true);
    expect(isApiError(failure, 'NO_BALANCE')).toBe(false);
    expect((failure as ApiError).status).toBe(404);
    const keyless = createClient({ baseUrl });
    const refused = await tryOnAndWait(keyless, { guid: shop.guid, muid: shop.muid }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(refused, 'API_KEY_MISSING')).toBe(true);
  });
});

describe('tryOnAndWait when no worker renders (jobs queued only)', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { renderJobs: false });
    shop = await createShop(t, 'sdk-webhook@example.com');
    baseUrl = await listening(t);
  });
  afterAll(async () => {
    // The polls these tests abort leave keep-alive sockets the server would otherwise wait on when closing.
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('resolves at once from a webhook delivery, and unsubscribes', async () => {
    const client = createClient({ baseUrl, apiKey: shop.owner });
    let unsubscribed = false;
    let subscribedId = '';
    const started = Date.now();
    const done = await tryOnAndWait(
      client,
      { guid: shop.guid, muid: shop.muid },
      {
        notify: (id, deliver) => {
          subscribedId = id;
          // What a webhook handler would hand over from a tryon.completed event.
          setTimeout(async () => {
            const item = unwrap(await client.call(routes.tryOns.get, { params: { tuid: id }, query: {} }));
            deliver({ ...item, status: 'done', image: '/v1/tryon/image/x' });
          }, 50);
          return () => {
            unsubscribed = true;
          };
        },
      },
    );
    expect(done).toMatchObject({ tuid: subscribedId, status: 'done' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(unsubscribed).toBe(true);
  });

  it('gives up with TIMEOUT_ERROR when the render does not finish in time', async () => {
    const client = createClient({ baseUrl, apiKey: shop.owner });
    const failure = await tryOnAndWait(
      client,
      { guid: shop.guid, muid: shop.muid },
      { timeoutMs: 1_500 },
    ).catch((e: unknown) => e);
    expect(isApiError(failure, 'TIMEOUT_ERROR')).toBe(true);
  });

  it('a failed render rejects with its own error code', async () => {
    const client = createClient({ baseUrl, apiKey: shop.owner });
    const failure = await tryOnAndWait(
      client,
      { guid: shop.guid, muid: shop.muid },
      {
        notify: (_id, deliver) => {
          setTimeout(() => deliver(failedItem()), 20);
          return undefined;
        },
      },
    ).catch((e: unknown) => e);
    expect(isApiError(failure, 'NO_PERSON')).toBe(true);
    expect((failure as ApiError).message).toBe('No person was found.');
  });
});

function failedItem(): TryOn {
  return {
    tuid: 'try_x',
    suid: 'shop_x',
    t: 'tok',
    guid: null,
    muid: null,
    fuid: null,
    garmentImage: null,
    personImage: null,
    status: 'failed',
    errorCode: 'NO_PERSON',
    errorMessage: 'No person was found.',
    image: null,
    created: new Date().toISOString(),
    finished: new Date().toISOString(),
  };
}
