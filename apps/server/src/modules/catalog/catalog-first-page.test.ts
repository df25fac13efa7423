import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { CatalogRepository, type ListParams } from './catalog.repository.ts';

/** The first page of a list reads its `total` in the page's own statement where the triggers' count serves it. */
describe('catalog first pages', () => {
  let t: TestApp;
  let repo: CatalogRepository;
  let statements = 0;
  const shops: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // Through a plugin, prepared queries run through Kysely (not the driver directly): each result is counted.
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements++;
        return args.result;
      },
    };
    repo = new CatalogRepository(t.runtime.db.db.withPlugin(counting), t.runtime.db.dialect);
    for (const [name, count] of [
      ['First', 3],
      ['Second', 5],
    ] as const) {
      const shop = await t.runtime.services.shops.createShop({ email: `${name}@example.com`, name });
      shops.push(shop.suid);
      for (let i = 0; i < count; i++) {
        await repo.insert({
          id: `gar_${shop.suid}_${i}`,
          kind: 'garment',
          shop_suid: shop.suid,
          code: `c${shop.suid}${i}`,
          name: `Garment ${i}`,
          description: '',
          url: '',
          category: 'jeans',
          price: '',
          sku: null,
          product_key: `p${i}`,
          source_url: null,
          image_key: 'k',
          image_width: 400,
          image_height: 400,
          likes: 0,
          tryons: 0,
          created_via: 'private',
          created_at: i,
        });
      }
    }
  });
  afterAll(() => t.close());

  const params = (shopSuid: string, more: Partial<ListParams> = {}): ListParams => ({
    shopSuid,
    kind: 'garment',
    text: '',
    filter: undefined,
    clientId: null,
    offset: 0,
    limit: 2,
    ...more,
  });
  const list = async (p: ListParams) => {
    statements = 0;
    const page = await repo.list(p);
    return { ids: page.rows.map((r) => r.id), total: page.total, statements };
  };

  it("reads every item's count with the page, one statement, each shop its own", async () => {
    const [first = '', second = ''] = shops;
    expect(await list(params(first))).toEqual({
      ids: [`gar_${first}_2`, `gar_${first}_1`],
      total: 3,
      statements: 1,
    });
    expect(await list(params(second))).toEqual({
      ids: [`gar_${second}_4`, `gar_${second}_3`],
      total: 5,
      statements: 1,
    });
    // A filter that only orders holds every item too; a shopper's list of them as well.
    expect((await list(params(second, { filter: 'pop', clientId: 'client-1234' }))).total).toBe(5);
    expect(await repo.count(params(second, { filter: 'new' }))).toBe(5);
  });

  it('leaves the total out of later pages and of lists that leave items out', async () => {
    const [first = ''] = shops;
    expect(await list(params(first, { offset: 2 }))).toEqual({
      ids: [`gar_${first}_0`],
      total: undefined,
      statements: 1,
    });
    const search = params(first, { text: 'garment' });
    expect((await list(search)).total).toBeUndefined();
    expect(await repo.count(search)).toBe(3);
    expect((await list(params(first, { filter: 'fav' }))).total).toBeUndefined();
  });
});
