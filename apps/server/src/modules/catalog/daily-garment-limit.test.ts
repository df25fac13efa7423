import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { startImageHost } from '../../../test/image-host.ts';
import { testImage } from '../../../test/images.ts';

describe('the daily limit of garments added with a public key, under concurrency', () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let publicKey: string;
  let suid: string;

  beforeAll(async () => {
    t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1' });
    const owner = await signIn(t, 'limit-race@example.com');
    const account = ok(await api(t, { apiKey: owner }).call(routes.keys.account, {}));
    publicKey = account.activeApiKeys.public[0]?.apiKey ?? '';
    suid = account.suid;
    await t.runtime.services.shops.updateField(
      { shopSuid: suid, userUid: '', isAdmin: true },
      suid,
      'limit_garment_daily',
      3,
    );
    host = await startImageHost({ '/shirt.png': await testImage(600, 600, 'png', '#c33') });
  });
  afterAll(async () => {
    host.close();
    await t.close();
  });

  it('of many product pages adding at once, exactly the limit get in', async () => {
    const shopper = api(t, {
      apiKey: publicKey,
      clientUuid: 'shopper-race',
      headers: { origin: 'https://shop.example' },
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        shopper.call(routes.garments.addUrl, {
          query: { garment_url: host.url('/shirt.png'), sku: `RACE-${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    const items = await t.runtime.db.db
      .selectFrom('catalog_items')
      .select('id')
      .where('shop_suid', '=', suid)
      .where('created_via', '=', 'public')
      .execute();
    expect(items).toHaveLength(3);
  });
});
