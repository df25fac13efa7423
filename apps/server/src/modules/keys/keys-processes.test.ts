import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';

/** The key check keeps no memory of keys (its query is only compiled once): a change anywhere counts at once. */
describe('keys changed through one process', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['sibling']>>;
  let session: string;

  beforeAll(async () => {
    t = await createTestApp();
    other = await t.sibling();
    session = await signIn(t, 'key-processes@example.com');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('a private key deleted on one process is refused at once by the other, which had just used it', async () => {
    const key = ok(
      await api(t, { apiKey: session }).call(routes.keys.add, { query: { kind: 'private' } }),
      201,
    );
    const there = api(other, { apiKey: key.apiKey });
    ok(await there.call(routes.garments.list, { query: {} }));
    ok(await api(t, { apiKey: session }).call(routes.keys.remove, { query: { key: key.apiKey } }));
    expect(failed(await there.call(routes.garments.list, { query: {} }), 401).errorCodeStr).toBe(
      'API_KEY_INVALID',
    );
  });

  it('a key made inactive on one process is refused by the other at once, and taken again when active', async () => {
    const key = ok(
      await api(t, { apiKey: session }).call(routes.keys.add, { query: { kind: 'private' } }),
      201,
    );
    const there = api(other, { apiKey: key.apiKey });
    ok(await there.call(routes.garments.list, { query: {} }));
    ok(await api(t, { apiKey: session }).call(routes.keys.update, { query: { key: key.apiKey, active: 0 } }));
    expect(failed(await there.call(routes.garments.list, { query: {} })).errorCodeStr).toBe(
      'API_KEY_INACTIVE',
    );
    ok(await api(t, { apiKey: session }).call(routes.keys.update, { query: { key: key.apiKey, active: 1 } }));
    ok(await there.call(routes.garments.list, { query: {} }));
  });
});
