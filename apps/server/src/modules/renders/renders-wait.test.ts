import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';

describe('a get that waits for a render', () => {
  let t: TestApp;
  let shop: ShopFixture;
  beforeAll(async () => {
    // Jobs are queued but never run here, so a waiting get waits its whole time unless it stops.
    t = await createTestApp({}, undefined, { renderJobs: false });
    shop = await createShop(t, 'wait@example.com');
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('stops re-reading the render once its caller has gone', async () => {
    const created = ok(
      await shop.ownerApi.call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } }),
      202,
    );
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reads = vi.spyOn(t.runtime.services.rendersRepository, 'findById');
    const caller = new AbortController();
    const waiting = fetch(`${baseUrl}/v1/tryon/${created.tuid}?wait=20`, {
      headers: { tokenapi: shop.owner },
      signal: caller.signal,
    }).catch(() => 'aborted');
    await vi.waitFor(() => expect(reads).toHaveBeenCalled(), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const whileWaiting = reads.mock.calls.length;
    expect(whileWaiting).toBeGreaterThanOrEqual(2);
    caller.abort();
    expect(await waiting).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 700));
    const afterGone = reads.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads.mock.calls.length).toBe(afterGone);
    reads.mockRestore();
  });
});
