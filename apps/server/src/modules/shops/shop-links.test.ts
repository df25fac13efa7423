import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, ok } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';

/** Printed QR codes carry /v1/link/...: it must keep working whatever happens to the shop's public keys. */
describe('GET /v1/link/:suid/:kind/:code', () => {
  let t: TestApp;
  let owner: Api;
  let suid: string;
  let firstKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = api(t, { apiKey: await signIn(t, 'link-owner@example.com') });
    const account = ok(await owner.call(routes.keys.account, {}));
    suid = account.suid;
    firstKey = account.activeApiKeys.public[0]?.apiKey ?? '';
  });
  afterAll(() => t.close());

  // Raw inject: a redirect, not a JSON answer of the contract.
  const follow = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('redirects to the try-on and look pages with the current page key', async () => {
    const garment = await follow(`/v1/link/${suid}/garment/G123`);
    expect(garment.statusCode).toBe(302);
    expect(garment.headers.location).toBe(`/w/tryon?g=G123&hideIntro=1&key=${firstKey}`);
    expect(garment.headers['cache-control']).toBe('no-store');
    const model = await follow(`/v1/link/${suid}/model/M9`);
    expect(model.headers.location).toBe(`/w/look?m=M9&hideIntro=1&key=${firstKey}`);
  });

  it('follows the key change: the first key off, the link uses the next active one', async () => {
    const second = ok(await owner.call(routes.keys.add, { query: {} }), 201).apiKey;
    ok(await owner.call(routes.keys.update, { query: { key: firstKey, active: 0 } }));
    const res = await follow(`/v1/link/${suid}/garment/G123`);
    expect(res.headers.location).toBe(`/w/tryon?g=G123&hideIntro=1&key=${second}`);
  });

  it('sends a shop without a public page to its public page (which says so), and refuses odd paths', async () => {
    const account = ok(await owner.call(routes.keys.account, {}));
    for (const entry of account.activeApiKeys.public)
      ok(await owner.call(routes.keys.update, { query: { key: entry.apiKey, active: 0 } }));
    const res = await follow(`/v1/link/${suid}/model/M9`);
    expect(res.headers.location).toBe(`/w/shop/${suid}/models`);
    expect((await follow(`/v1/link/${suid}/face/F1`)).statusCode).toBe(404);
    expect((await follow(`/v1/link/${suid}/garment/${encodeURIComponent('a/../b')}`)).statusCode).toBe(404);
    expect((await follow(`/v1/link/${encodeURIComponent('<x>')}/garment/G1`)).statusCode).toBe(404);
  });
});
