import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
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
