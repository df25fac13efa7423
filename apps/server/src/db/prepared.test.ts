import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { keepPlanOfPage } from './connect.ts';
import { prepareQuery } from './prepared.ts';

describe('prepared queries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const user = (uid: string) => ({
    uid,
    email: `${uid}@example.com`,
    name: '',
    is_admin: 0,
    google_sub: null,
  });

  it("run with each call's values", async () => {
    const db = t.runtime.db.db;
    await db
      .insertInto('users')
      .values([
        { ...user('u_first'), created_at: 1 },
        { ...user('u_second'), created_at: 2 },
      ])
      .execute();
    const byEmail = prepareQuery(db, 1, (email: string) =>
      db.selectFrom('users').select(['uid', 'created_at']).where('email', '=', email),
    );
    expect(await byEmail('u_second@example.com')).toEqual([{ uid: 'u_second', created_at: 2 }]);
    expect(await byEmail('u_first@example.com')).toEqual([{ uid: 'u_first', created_at: 1 }]);
    expect(await byEmail('nobody@example.com')).toEqual([]);
  });

  it('page with bound limits and offsets, which SQLite computes instead of planning with (no plan made anew each run)', async () => {
    expect(keepPlanOfPage('select a from t order by a limit ? offset ?')).toBe(
      'select a from t order by a limit (? + 0) offset (? + 0)',
    );
    expect(keepPlanOfPage("select (select b from u limit ?) as c where d = 'limit ?'")).toBe(
      "select (select b from u limit (? + 0)) as c where d = 'limit ?'",
    );
    const db = t.runtime.db.db;
    await db
      .insertInto('users')
      .values(
        ['u_p1', 'u_p2', 'u_p3', 'u_p4', 'u_p5'].map((uid, i) => ({ ...user(uid), created_at: 10 + i })),
      )
      .execute();
    const page = prepareQuery(db, 2, (offset: number, limit: number) =>
      db
        .selectFrom('users')
        .select('uid')
        .where('uid', 'like', 'u_p%')
        .orderBy('created_at', 'desc')
        .offset(offset)
        .limit(limit),
    );
    expect((await page(0, 2)).map((r) => r.uid)).toEqual(['u_p5', 'u_p4']);
    expect((await page(2, 2)).map((r) => r.uid)).toEqual(['u_p3', 'u_p2']);
    expect((await page(4, 2)).map((r) => r.uid)).toEqual(['u_p1']);
    expect(await page(0, 0)).toEqual([]);
    // Through Kysely's executor too, with a limited subquery.
    const newest = await db
      .selectFrom('users')
      .select('uid')
      .where(
        'uid',
        'in',
        db
          .selectFrom('users')
          .select('uid')
          .where('uid', 'like', 'u_p%')
          .orderBy('created_at', 'desc')
          .limit(3),
      )
      .orderBy('uid')
      .limit(2)
      .offset(1)
      .execute();
    expect(newest.map((r) => r.uid)).toEqual(['u_p4', 'u_p5']);
  });

  it('answer rows as Kysely does: every column by its name, nulls, aliases that need quoting, the last of a repeated name', async () => {
    const db = t.runtime.db.db;
    await db
      .insertInto('users')
      .values({ ...user('u_rows'), name: 'Ann "A" \\ O\'Neil', created_at: 7 })
      .execute();
    const build = (uid: string) =>
      db
        .selectFrom('users as u')
        .leftJoin('shops as s', 's.owner_uid', 'u.uid')
        .select([
          'u.uid',
          'u.name as uid',
          'u.name as weird "name\'',
          's.suid',
          'u.created_at',
          'u.google_sub',
        ])
        .where('u.uid', '=', uid);
    const rows = await prepareQuery(db, 1, build)('u_rows');
    expect(rows).toEqual(await build('u_rows').execute());
    expect(rows).toEqual([
      {
        uid: 'Ann "A" \\ O\'Neil',
        'weird "name\'': 'Ann "A" \\ O\'Neil',
        suid: null,
        created_at: 7,
        google_sub: null,
      },
    ]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('never read what an open transaction has written (SQLite: they wait for its end)', async () => {
    const db = t.runtime.db.db;
    const byUid = prepareQuery(db, 1, (uid: string) =>
      db.selectFrom('users').select('uid').where('uid', '=', uid),
    );
    let during: Promise<unknown[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ ...user('u_rolled_back'), created_at: 3 })
          .execute();
        during = byUid('u_rolled_back');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await during).toEqual([]);
  });
});
