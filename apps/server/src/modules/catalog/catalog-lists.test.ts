import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Json, signIn, type TestApp, withKey } from '../../../test/harness.ts';
import { multipart, testImage } from '../../../test/images.ts';

type Item = Json & { guid: string; name: string; liked: boolean; stats: { likes: number; tryons: number } };

describe('garment lists: search, filters and paging', () => {
  let t: TestApp;
  let owner: string;
  let publicKey: string;
  let suid: string;
  const byName: Record<string, string> = {};

  const shopper = (client: string) =>
    withKey(publicKey, { clientuuid: client, origin: 'https://shop.example' });
  const names = (items: Item[]) => items.map((i) => i.name);
  async function list(headers: Record<string, string>, query: Record<string, string | number>) {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await call(t.app, { method: 'GET', url: `/v1/garment/list?${qs}`, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: Item[]; nextOffset: number | null };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t, 'lists@example.com');
    const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(owner) });
    publicKey = (account.body.activeApiKeys as { public: { apiKey: string }[] }).public[0]?.apiKey ?? '';
    suid = account.body.suid as string;
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
      const body = multipart(
        { bytes: png },
        { name: name ?? '', category: category ?? '', description: description ?? '' },
      );
      const res = await call(t.app, {
        method: 'POST',
        url: '/v1/garment/add',
        payload: body.payload,
        headers: withKey(owner, body.headers),
      });
      byName[name ?? ''] = res.body.guid as string;
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
    const all = await list(withKey(owner), { limit: 50 });
    expect(names(all.items)).toEqual([
      'Denim Jacket',
      'Silk Blouse',
      'Rain Jacket',
      'Wool Sweater',
      'Summer Dress',
      'Black Jeans',
      'Blue Jeans',
    ]);
    expect(names((await list(withKey(owner), { filter: 'new', limit: 2 })).items)).toEqual([
      'Denim Jacket',
      'Silk Blouse',
    ]);
    expect(names((await list(withKey(owner), { query: '⚡', limit: 1 })).items)).toEqual(['Denim Jacket']);
  });

  it('searches name, description and category, case-insensitively, literally', async () => {
    expect(names((await list(withKey(owner), { query: 'DENIM' })).items).sort()).toEqual([
      'Blue Jeans',
      'Denim Jacket',
    ]);
    expect(names((await list(withKey(owner), { query: 'jacket' })).items).sort()).toEqual([
      'Denim Jacket',
      'Rain Jacket',
    ]);
    expect((await list(withKey(owner), { query: '%' })).items).toEqual([]);
    expect((await list(withKey(owner), { query: '_' })).items).toEqual([]);
  });

  it('pop lists by try-ons, then likes, then newest', async () => {
    const pop = await list(withKey(owner), { filter: 'pop', limit: 4 });
    expect(names(pop.items)).toEqual(['Summer Dress', 'Rain Jacket', 'Blue Jeans', 'Denim Jacket']);
    expect(names((await list(withKey(owner), { query: '🔥 jeans' })).items)).toEqual([
      'Blue Jeans',
      'Black Jeans',
    ]);
  });

  it('pages without repeats or gaps, and stops with nextOffset null', async () => {
    for (const filter of ['new', 'pop']) {
      const seen: string[] = [];
      let offset: number | null = 0;
      let pages = 0;
      while (offset !== null) {
        const page = await list(withKey(owner), { filter, limit: 2, offset });
        seen.push(...page.items.map((i) => i.guid));
        offset = page.nextOffset;
        pages++;
      }
      expect(pages).toBe(4);
      expect(new Set(seen).size).toBe(7);
    }
    const tooBig = await call(t.app, {
      method: 'GET',
      url: '/v1/garment/list?limit=101',
      headers: withKey(owner),
    });
    expect(tooBig.status).toBe(400);
  });

  it("fav lists this shopper's likes, newest like first; the dashboard sees the most liked", async () => {
    const like = (client: string, name: string) =>
      call(t.app, { method: 'POST', url: `/v1/garment/like/${byName[name]}`, headers: shopper(client) });
    expect((await like('client-aaaa', 'Wool Sweater')).body).toMatchObject({
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
    const dashboard = await list(withKey(owner), { filter: 'fav' });
    expect(dashboard.items.map((i) => [i.name, i.stats.likes])).toEqual([
      ['Silk Blouse', 2],
      ['Wool Sweater', 1],
    ]);
    const unlike = await call(t.app, {
      method: 'POST',
      url: `/v1/garment/unlike/${byName['Wool Sweater']}`,
      headers: shopper('client-aaaa'),
    });
    expect(unlike.body).toMatchObject({ liked: false, stats: { likes: 0 } });
    expect(names((await list(shopper('client-aaaa'), { filter: 'fav' })).items)).toEqual(['Silk Blouse']);
  });

  it("recent lists what this shopper viewed, latest first; the dashboard sees any shopper's", async () => {
    const view = (client: string, name: string) =>
      call(t.app, { method: 'GET', url: `/v1/garment/${byName[name]}`, headers: shopper(client) });
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
    expect(names((await list(withKey(owner), { filter: 'recent' })).items)).toEqual([
      'Rain Jacket',
      'Summer Dress',
      'Black Jeans',
    ]);
  });

  it('recs puts the categories this shopper looked at first, untried, by popularity; else popular', async () => {
    await call(t.app, {
      method: 'GET',
      url: `/v1/garment/${byName['Black Jeans']}`,
      headers: shopper('client-jjjj'),
    });
    const recs = await list(shopper('client-jjjj'), { filter: 'recs', limit: 3 });
    expect(names(recs.items)).toEqual(['Blue Jeans', 'Black Jeans', 'Summer Dress']);
    const fresh = await list(shopper('client-new0'), { query: '⭐', limit: 3 });
    expect(names(fresh.items)).toEqual(['Summer Dress', 'Rain Jacket', 'Blue Jeans']);
    expect(names((await list(withKey(owner), { filter: 'recs', limit: 3 })).items)).toEqual(
      names(fresh.items),
    );
  });

  it('records garment views and searches for statistics', async () => {
    const before = (
      await call(t.app, { method: 'GET', url: '/v1/user/stats?days=1', headers: withKey(owner) })
    ).body as Record<string, { action_count: number; user_count: number }[]>;
    await call(t.app, {
      method: 'GET',
      url: `/v1/garment/${byName['Silk Blouse']}`,
      headers: shopper('client-stat'),
    });
    await list(shopper('client-stat'), { query: 'jeans' });
    await list(withKey(owner), { query: 'dress' });
    await list(withKey(owner), { limit: 3 });
    const after = (
      await call(t.app, { method: 'GET', url: '/v1/user/stats?days=1', headers: withKey(owner) })
    ).body as typeof before;
    expect((after.garment?.[0]?.action_count ?? 0) - (before.garment?.[0]?.action_count ?? 0)).toBe(1);
    expect((after.search?.[0]?.action_count ?? 0) - (before.search?.[0]?.action_count ?? 0)).toBe(2);
  });

  it("counts the shop's garments in the admin shop list", async () => {
    const entry = await t.runtime.services.shops.entry(await t.runtime.services.shops.require(suid));
    expect(entry.garments_count).toBe(7);
  });
});
