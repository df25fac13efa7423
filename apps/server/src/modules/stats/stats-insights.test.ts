import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok, profileOf } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { finishedRender } from '../../../test/render-row.ts';
import type { RendersTable } from '../../db/schema.ts';

const DAY = 86_400_000;

describe('statistics insights: against the previous period, top items, failed renders', () => {
  let t: TestApp;
  let key: string;
  let otherKey: string;
  let suid: string;
  let otherSuid: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'insights-admin@example.com' });
    key = await signIn(t, 'insights@example.com');
    otherKey = await signIn(t, 'insights-other@example.com');
    suid = (await profileOf(t, key)).suid;
    otherSuid = (await profileOf(t, otherKey)).suid;
  });
  afterAll(() => t.close());

  const db = () => t.runtime.db.db;
  const insights = (query: { days?: number; shop_uid?: string } = {}, apiKey = key) =>
    api(t, { apiKey }).call(routes.stats.insights, { query });

  const item = async (shop: string, id: string, kind: 'garment' | 'model', name: string) => {
    await db()
      .insertInto('catalog_items')
      .values({
        id,
        kind,
        shop_suid: shop,
        code: id.slice(-6),
        name,
        description: '',
        url: '',
        category: '',
        price: '',
        sku: null,
        product_key: id,
        source_url: null,
        image_key: `x/${id}`,
        image_width: 512,
        image_height: 512,
        likes: 0,
        tryons: 0,
        created_via: 'private',
        created_at: t.clock.now(),
        search_text: name.toLowerCase(),
      })
      .execute();
  };
  let n = 0;
  const render = async (shop: string, change: Partial<RendersTable>, at = t.clock.now()) => {
    n++;
    await db()
      .insertInto('renders')
      .values(finishedRender({ id: `r_${n}`, shop_suid: shop }, at, { token: `tok_${n}`, ...change }))
      .execute();
  };
  const like = async (
    shop: string,
    itemId: string,
    kind: 'garment' | 'model',
    client: string,
    at: number,
  ) => {
    await db()
      .insertInto('client_activity')
      .values({
        shop_suid: shop,
        client_id: client,
        item_id: itemId,
        kind,
        liked_at: at,
        seen_at: null,
        tried: 0,
      })
      .execute();
  };

  it('answers zeros and empty lists for a new shop', async () => {
    const body = ok(await insights());
    expect(body.days).toBe(30);
    expect(body.current).toEqual({
      tryon: 0,
      client: 0,
      garment: 0,
      person: 0,
      search: 0,
      view: 0,
      shoppers: 0,
      failed: 0,
    });
    expect(body.previous).toEqual(body.current);
    expect(body).toMatchObject({ topGarments: [], topModels: [], failedRenders: [] });
  });

  it('compares the period with the one before it', async () => {
    const { stats } = t.runtime.services;
    await stats.record(suid, 'tryon', 'a');
    await stats.record(suid, 'client', 'a');
    await stats.record(suid, 'client', 'b');
    await stats.record(suid, 'client', 'b');
    t.clock.advance(-6 * DAY); // still in a 7-day period
    await stats.record(suid, 'tryon', 'c');
    t.clock.advance(-2 * DAY); // 8 days ago: the previous 7-day period
    await stats.record(suid, 'tryon', 'd');
    await stats.record(suid, 'client', 'd');
    t.clock.advance(-7 * DAY); // 15 days ago: before both
    await stats.record(suid, 'tryon', 'e');
    t.clock.advance(15 * DAY);
    await stats.record(otherSuid, 'tryon', 'z');
    const body = ok(await insights({ days: 7 }));
    expect(body.current).toMatchObject({ tryon: 2, client: 3, shoppers: 2 });
    expect(body.previous).toMatchObject({ tryon: 1, client: 1, shoppers: 1 });
  });

  it('lists the most tried garments and models, then the most liked, of this shop and period only', async () => {
    await item(suid, 'g_top_shirt', 'garment', 'Shirt');
    await item(suid, 'g_top_dress', 'garment', 'Dress');
    await item(suid, 'g_top_liked', 'garment', 'Liked only');
    await item(suid, 'm_top_anna', 'model', 'Anna');
    await item(otherSuid, 'g_other', 'garment', 'Not yours');
    const now = t.clock.now();
    for (let i = 0; i < 3; i++) await render(suid, { garment_id: 'g_top_shirt', model_id: 'm_top_anna' });
    await render(suid, { garment_id: 'g_top_dress' });
    await render(suid, { garment_id: 'g_top_dress' }, now - 40 * DAY); // outside the period
    await render(suid, { kind: 'look', model_id: 'm_top_anna' });
    await render(suid, { garment_id: 'g_top_dress', status: 'failed', error_code: 'NO_PERSON' });
    await render(otherSuid, { garment_id: 'g_other' });
    await like(suid, 'g_top_liked', 'garment', 'c1', now);
    await like(suid, 'g_top_liked', 'garment', 'c2', now);
    await like(suid, 'g_top_dress', 'garment', 'c1', now);
    await like(suid, 'g_top_shirt', 'garment', 'c9', now - 40 * DAY); // outside the period
    const body = ok(await insights());
    expect(body.topGarments).toEqual([
      { id: 'g_top_shirt', code: expect.any(String), name: 'Shirt', tryons: 3, likes: 0 },
      { id: 'g_top_dress', code: expect.any(String), name: 'Dress', tryons: 1, likes: 1 },
      { id: 'g_top_liked', code: expect.any(String), name: 'Liked only', tryons: 0, likes: 2 },
    ]);
    expect(body.topModels).toEqual([
      { id: 'm_top_anna', code: expect.any(String), name: 'Anna', tryons: 4, likes: 0 },
    ]);
  });

  it('counts failed renders and lists the latest with their error codes', async () => {
    t.clock.advance(1000);
    await render(suid, { kind: 'look', status: 'failed', error_code: 'FACE_COVERED' });
    await render(suid, { status: 'failed', error_code: 'OLD' }, t.clock.now() - 40 * DAY);
    const body = ok(await insights());
    expect(body.current.failed).toBe(2);
    expect(body.failedRenders.map((r) => [r.kind, r.errorCode])).toEqual([
      ['look', 'FACE_COVERED'],
      ['tryon', 'NO_PERSON'],
    ]);
    const forty = ok(await insights({ days: 20 }));
    expect(forty.previous.failed).toBe(0);
    expect(ok(await insights({ days: 21 })).previous.failed).toBe(1);
  });

  it("refuses another shop's insights to owners; admins may read any shop's", async () => {
    const refused = await insights({ shop_uid: suid }, otherKey);
    expect(failed(refused, 403).errorCodeStr).toBe('ADMIN_ONLY');
    const admin = await signIn(t, 'insights-admin@example.com');
    expect(ok(await insights({ shop_uid: suid }, admin)).current.failed).toBe(2);
    expect(failed(await insights({ shop_uid: 's_missing' }, admin), 404).errorCodeStr).toBe('SHOP_NOT_FOUND');
  });
});
