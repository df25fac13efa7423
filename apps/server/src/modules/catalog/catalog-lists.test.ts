import { type Garment, type ListFilter, listFilters, type RouteQuery, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, ok, upload } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';

describe('garment lists: search, filters and paging', () => {
  let t: TestApp;
  let owner: Api;
  let publicKey: string;
  let suid: string;
  const byName: Record<string, string> = {};

  const shopper = (client: string) =>
    api(t, { apiKey: publicKey, clientUuid: client, headers: { origin: 'https://shop.example' } });
  const names = (items: Garment[]) => items.map((i) => i.name);
  async function list(client: Api, query: RouteQuery<typeof routes.garments.list>) {
    return ok(await client.call(routes.garments.list, { query }));
  }
  const view = (client: string, name: string) =>
    shopper(client).call(routes.garments.get, { params: { guid: byName[name] ?? '' } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = api(t, { apiKey: await signIn(t, 'lists@example.com') });
    const account = ok(await owner.call(routes.keys.account, {}));
    publicKey = account.activeApiKeys.public[0]?.apiKey ?? '';
    suid = account.suid;
    const png = await testImage(400, 400);
    const garments = [
      ['Blue Jeans', 'jeans', 'Classic denim'],
      ['Black Jeans', 'jeans', 'Slim'],
      ['Summer Dress', 'dress', 'Light cotton'],
      ['Wool Sweater', 'sweater', 'Warm and soft'],
      ['Rain Jacket', 'jacket', 'Waterproof'],
      ['Silk Blouse', 'blouse', 'Office wear'],
      ['Denim Jacket', 'jacket', 'Blue DENIM classic'],
    ];
    for (const [name, category, description] of garments) {
      const res = await owner.call(
        routes.garments.add,
        { query: {} },
        upload(png, { name: name ?? '', category: category ?? '', description: description ?? '' }),
      );
      byName[name ?? ''] = ok(res, 201).guid;
      t.clock.advance(1000);
    }
    // Try-on counts come from try-ons (a later feature); set them as they would be.
    for (const [name, tryons] of [
      ['Summer Dress', 9],
      ['Rain Jacket', 5],
      ['Blue Jeans', 5],
    ] as const) {
      await t.runtime.db.db
        .updateTable('catalog_items')
        .set({ tryons })
        .where('id', '=', byName[name] ?? '')
        .execute();
    }
  });
  afterAll(() => t.close());

  it('new (the default) lists newest first', async () => {
    const all = await list(owner, { limit: 50 });
    expect(names(all.items)).toEqual([
      'Denim Jacket',
      'Silk Blouse',
      'Rain Jacket',
      'Wool Sweater',
      'Summer Dress',
      'Black Jeans',
      'Blue Jeans',
    ]);
    expect(names((await list(owner, { filter: 'new', limit: 2 })).items)).toEqual([
      'Denim Jacket',
      'Silk Blouse',
    ]);
    expect(names((await list(owner, { query: '⚡', limit: 1 })).items)).toEqual(['Denim Jacket']);
  });

  it('searches name, description and category, case-insensitively, literally', async () => {
    expect(names((await list(owner, { query: 'DENIM' })).items).sort()).toEqual([
      'Blue Jeans',
      'Denim Jacket',
    ]);
    expect(names((await list(owner, { query: 'jacket' })).items).sort()).toEqual([
      'Denim Jacket',
      'Rain Jacket',
    ]);
    expect((await list(owner, { query: '%' })).items).toEqual([]);
    expect((await list(owner, { query: '_' })).items).toEqual([]);
  });

  it('pop lists by try-ons, then likes, then newest', async () => {
    const pop = await list(owner, { filter: 'pop', limit: 4 });
    expect(names(pop.items)).toEqual(['Summer Dress', 'Rain Jacket', 'Blue Jeans', 'Denim Jacket']);
    expect(names((await list(owner, { query: '🔥 jeans' })).items)).toEqual(['Blue Jeans', 'Black Jeans']);
  });

  it('pages without repeats or gaps, and stops with nextOffset null', async () => {
    const filters: ListFilter[] = ['new', 'pop'];
    for (const filter of filters) {
      const seen: string[] = [];
      let offset: number | null = 0;
      let pages = 0;
      while (offset !== null) {
        const page = await list(owner, { filter, limit: 2, offset });
        seen.push(...page.items.map((i) => i.guid));
        offset = page.nextOffset;
        pages++;
      }
      expect(pages).toBe(4);
      expect(new Set(seen).size).toBe(7);
    }
    const tooBig = await owner.call(routes.garments.list, { query: { limit: 101 } });
    expect(tooBig.status).toBe(400);
  });

  it("fav lists this shopper's likes, newest like first; the dashboard sees the most liked", async () => {
    const like = (client: string, name: string) =>
      shopper(client).call(routes.garments.like, { params: { guid: byName[name] ?? '' } });
    expect((await like('client-aaaa', 'Wool Sweater')).data).toMatchObject({
      liked: true,
      stats: { likes: 1 },
    });
    t.clock.advance(1000);
    await like('client-aaaa', 'Silk Blouse');
    await like('client-aaaa', 'Silk Blouse');
    await like('client-bbbb', 'Silk Blouse');
    const fav = await list(shopper('client-aaaa'), { filter: 'fav' });
    expect(names(fav.items)).toEqual(['Silk Blouse', 'Wool Sweater']);
    expect(fav.items.every((i) => i.liked)).toBe(true);
    expect(names((await list(shopper('client-aaaa'), { query: '❤️' })).items)).toEqual([
      'Silk Blouse',
      'Wool Sweater',
    ]);
    expect(names((await list(shopper('client-cccc'), { filter: 'fav' })).items)).toEqual([]);
    const dashboard = await list(owner, { filter: 'fav' });
    expect(dashboard.items.map((i) => [i.name, i.stats.likes])).toEqual([
      ['Silk Blouse', 2],
      ['Wool Sweater', 1],
    ]);
    const unlike = await shopper('client-aaaa').call(routes.garments.unlike, {
      params: { guid: byName['Wool Sweater'] ?? '' },
    });
    expect(unlike.data).toMatchObject({ liked: false, stats: { likes: 0 } });
    expect(names((await list(shopper('client-aaaa'), { filter: 'fav' })).items)).toEqual(['Silk Blouse']);
  });

  it("recent lists what this shopper viewed, latest first; the dashboard sees any shopper's", async () => {
    await view('client-rrrr', 'Rain Jacket');
    t.clock.advance(1000);
    await view('client-rrrr', 'Black Jeans');
    t.clock.advance(1000);
    await view('client-ssss', 'Summer Dress');
    t.clock.advance(1000);
    await view('client-rrrr', 'Rain Jacket');
    expect(names((await list(shopper('client-rrrr'), { filter: 'recent' })).items)).toEqual([
      'Rain Jacket',
      'Black Jeans',
    ]);
    expect(names((await list(shopper('client-rrrr'), { query: '🕒' })).items)).toEqual([
      'Rain Jacket',
      'Black Jeans',
    ]);
    expect(names((await list(owner, { filter: 'recent' })).items)).toEqual([
      'Rain Jacket',
      'Summer Dress',
      'Black Jeans',
    ]);
  });

  it('recs puts the categories this shopper looked at first, untried, by popularity; else popular', async () => {
    await view('client-jjjj', 'Black Jeans');
    const recs = await list(shopper('client-jjjj'), { filter: 'recs', limit: 3 });
    expect(names(recs.items)).toEqual(['Blue Jeans', 'Black Jeans', 'Summer Dress']);
    const fresh = await list(shopper('client-new0'), { query: '⭐', limit: 3 });
    expect(names(fresh.items)).toEqual(['Summer Dress', 'Rain Jacket', 'Blue Jeans']);
    expect(names((await list(owner, { filter: 'recs', limit: 3 })).items)).toEqual(names(fresh.items));
  });

  it('records garment views and searches for statistics', async () => {
    const stats = async () => ok(await owner.call(routes.stats.get, { query: { days: 1 } }));
    const before = await stats();
    await view('client-stat', 'Silk Blouse');
    await list(shopper('client-stat'), { query: 'jeans' });
    await list(owner, { query: 'dress' });
    await list(owner, { limit: 3 });
    const after = await stats();
    expect((after.garment?.[0]?.action_count ?? 0) - (before.garment?.[0]?.action_count ?? 0)).toBe(1);
    // The shop's own searches in its dashboard are not shoppers' searches.
    expect((after.search?.[0]?.action_count ?? 0) - (before.search?.[0]?.action_count ?? 0)).toBe(1);
  });

  it("a first page's total counts the whole list, for every filter, in the dashboard and for a shopper", async () => {
    // client-aaaa has a like, client-rrrr views and client-jjjj a view (earlier tests), so each filter has rows.
    for (const client of [owner, shopper('client-aaaa'), shopper('client-rrrr'), shopper('client-jjjj')]) {
      for (const filter of [undefined, ...listFilters]) {
        for (const query of [undefined, 'jeans']) {
          const asked = { ...(filter ? { filter } : {}), ...(query ? { query } : {}) };
          const seen = (await list(client, { ...asked, limit: 100 })).items.length;
          const first = await list(client, { ...asked, limit: 1 });
          expect(first.total, JSON.stringify(asked)).toBe(seen);
        }
      }
    }
  });

  it("counts the shop's garments in the admin shop list", async () => {
    const entry = await t.runtime.services.shops.entry(await t.runtime.services.shops.require(suid));
    expect(entry.garments_count).toBe(7);
  });
});
