import { type Garment, routes } from '@tryon/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, ok, upload } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';

describe('catalogue search: accents, prefixes, edits and removals', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  const guids: Record<string, string> = {};

  const names = (items: Garment[]) => items.map((i) => i.name).sort();
  const search = async (query: string, by: Api = owner) =>
    names(ok(await by.call(routes.garments.list, { query: { query, limit: 50 } })).items);

  /** SQLite: the FTS5 table must hold exactly the trigrams of the rows (throws on any difference). */
  async function indexMatchesRows() {
    if (t.runtime.db.dialect !== 'sqlite') return;
    await sql`insert into catalog_search(catalog_search, rank) values ('integrity-check', 1)`.execute(
      t.runtime.db.db,
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = api(t, { apiKey: await signIn(t, 'search@example.com') });
    other = api(t, { apiKey: await signIn(t, 'search-other@example.com') });
    const png = await testImage(400, 400);
    const items: [Api, string, string, string][] = [
      [owner, 'Café Crème Blouse', 'blouse', 'Soft crêpe'],
      [owner, 'Łódź Żółty Sweater', 'swetry', 'Wełna z Łodzi'],
      [owner, 'Resume Dress', 'dress', 'Velvet evening dress'],
      [owner, 'Ёлка Пальто', 'пальто', 'Тёплое'],
      [other, 'Cafe Noir Blouse', 'blouse', 'Velvet'],
    ];
    for (const [by, name, category, description] of items) {
      const res = await by.call(
        routes.garments.add,
        { query: {} },
        upload(png, { name, category, description }),
      );
      guids[name] = ok(res, 201).guid;
    }
  });
  afterAll(() => t.close());

  it('matches without accents either way, in any case', async () => {
    expect(await search('cafe')).toEqual(['Café Crème Blouse']);
    expect(await search('CAFÉ CRÈME')).toEqual(['Café Crème Blouse']);
    expect(await search('creme')).toEqual(['Café Crème Blouse']);
    expect(await search('lodz zolty')).toEqual(['Łódź Żółty Sweater']);
    expect(await search('łodzi')).toEqual(['Łódź Żółty Sweater']);
    expect(await search('WELNA')).toEqual(['Łódź Żółty Sweater']);
    expect(await search('résumé')).toEqual(['Resume Dress']);
    expect(await search('елка')).toEqual(['Ёлка Пальто']);
    expect(await search('теплое')).toEqual(['Ёлка Пальто']);
  });

  it('matches prefixes and parts of words, of any length, in name, description and category', async () => {
    expect(await search('blou')).toEqual(['Café Crème Blouse']);
    expect(await search('swet')).toEqual(['Łódź Żółty Sweater']);
    expect(await search('dr')).toEqual(['Resume Dress']);
    expect(await search('e')).toEqual(['Café Crème Blouse', 'Resume Dress', 'Łódź Żółty Sweater']);
    expect(await search('elve')).toEqual(['Resume Dress']);
    expect(await search('  velvet   evening ')).toEqual(['Resume Dress']);
    // Fields are not run together: the end of the name and the start of the description.
    expect(await search('dress velvet')).toEqual([]);
    expect(await search('"')).toEqual([]);
    expect(await search('"velvet')).toEqual([]);
  });

  it("never finds another shop's items", async () => {
    expect(await search('noir')).toEqual([]);
    expect(await search('noir', other)).toEqual(['Cafe Noir Blouse']);
    expect(await search('cafe', other)).toEqual(['Cafe Noir Blouse']);
  });

  it('follows edits of the description', async () => {
    const guid = guids['Resume Dress'] ?? '';
    const edited = await owner.call(routes.garments.update, {
      params: { guid },
      query: { description: 'Linen summer dress' },
    });
    expect(edited.status).toBe(200);
    expect(await search('velvet')).toEqual([]);
    expect(await search('linen')).toEqual(['Resume Dress']);
    expect(await search('resume')).toEqual(['Resume Dress']);
    // A change of the link alone leaves the text as it was.
    await owner.call(routes.garments.update, { params: { guid }, query: { url: 'https://shop.example/d' } });
    expect(await search('linen sum')).toEqual(['Resume Dress']);
    await indexMatchesRows();
  });

  it('finds a word that fills the index in other shops (SQLite walks the shop instead)', async () => {
    const suid = ok(await other.call(routes.keys.account, {})).suid;
    const base = {
      kind: 'garment' as const,
      shop_suid: suid,
      description: '',
      url: '',
      category: 'tunic',
      price: '',
      sku: null,
      source_url: null,
      image_key: 'k',
      image_width: 400,
      image_height: 400,
      likes: 0,
      tryons: 0,
      created_via: 'private',
      created_at: 1,
    };
    await t.runtime.db.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1100; i++) {
        const id = `gar_tunic${i}`;
        await t.runtime.services.catalogRepository.insert(
          { ...base, id, code: `tunic${i}`, name: `Tunika ${i}`, product_key: id },
          trx,
        );
      }
    });
    expect(await search('tunik')).toEqual([]);
    const png = await testImage(400, 400);
    ok(await owner.call(routes.garments.add, { query: {} }, upload(png, { name: 'Tunika Lniana' })), 201);
    expect(await search('tunik')).toEqual(['Tunika Lniana']);
    expect(await search('tunika ln')).toEqual(['Tunika Lniana']);
    // Few matches (from the index): 105 and 1050 to 1059. Many (walking the shop): a full page.
    expect(await search('tunika 105', other)).toHaveLength(11);
    const many = ok(await other.call(routes.garments.list, { query: { query: 'TUNIK', limit: 100 } }));
    expect(many.items).toHaveLength(100);
    expect(many.nextOffset).toBe(100);
  });

  it('forgets removed items', async () => {
    const guid = guids['Café Crème Blouse'] ?? '';
    expect((await owner.call(routes.garments.remove, { params: { guid } })).status).toBe(200);
    expect(await search('cafe')).toEqual([]);
    expect(await search('blouse')).toEqual([]);
    expect(await search('cafe', other)).toEqual(['Cafe Noir Blouse']);
    await indexMatchesRows();
  });
});
