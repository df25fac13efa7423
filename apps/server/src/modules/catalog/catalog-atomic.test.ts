import { readdirSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@tryon/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ok, profileOf, upload } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp, TestClock } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLocalStorage, type MediaStorage } from '../../lib/storage/index.ts';

/** Every file under a folder, recursively. */
const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
};

describe('atomic catalog writes', () => {
  let t: TestApp;
  let key: string;
  let failPuts = false;
  beforeEach(async () => {
    const clock = new TestClock();
    let media: MediaStorage | undefined;
    // Real local storage whose writes can be made to fail, like a full disk or an unreachable bucket.
    const storage: MediaStorage = {
      put: (k, b, c) =>
        failPuts ? Promise.reject(new AppError('STORAGE_UNAVAILABLE')) : (media as MediaStorage).put(k, b, c),
      get: (k) => (media as MediaStorage).get(k),
      has: (k) => (media as MediaStorage).has(k),
      delete: (k) => (media as MediaStorage).delete(k),
      deletePrefix: (p) => (media as MediaStorage).deletePrefix(p),
      check: async () => undefined,
      close: async () => undefined,
    };
    t = await createTestApp({}, clock, { storage });
    media = createLocalStorage(path.join(t.dataDir, 'media'));
    failPuts = false;
    key = await signIn(t, 'atomic@example.com');
  });
  afterEach(() => t.close());

  const owner = () => api(t, { apiKey: key });
  const add = async () => owner().call(routes.garments.add, { query: {} }, upload(await testImage(400, 400)));
  const rows = () => t.runtime.db.db.selectFrom('catalog_items').select('id').execute();
  const intents = () => t.runtime.db.db.selectFrom('media_intents').selectAll().execute();

  it('a failed image write leaves no row behind', async () => {
    failPuts = true;
    const res = await add();
    expect(res).toMatchObject({ status: 503, error: { data: { errorCodeStr: 'STORAGE_UNAVAILABLE' } } });
    expect(await rows()).toEqual([]);
    expect(await intents()).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
  });

  it('a failed row write leaves no file behind', async () => {
    vi.spyOn(t.runtime.services.catalogRepository, 'insert').mockRejectedValueOnce(
      new Error('database went away'),
    );
    const res = await add();
    expect(res.status).toBe(500);
    expect(await rows()).toEqual([]);
    expect(await intents()).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
    expect((await add()).status).toBe(201);
    expect(filesUnder(path.join(t.dataDir, 'media'))).toHaveLength(1);
  });

  it('the sweep removes the files of an add that died between the file and the row', async () => {
    const suid = (await profileOf(t, key)).suid;
    const prefix = `shops/${suid}/garments/gar_crashed/`;
    await t.runtime.db.db.insertInto('media_intents').values({ prefix, created_at: t.clock.now() }).execute();
    await t.runtime.services.storage.put(
      `${prefix}original-abc.webp`,
      await testImage(400, 400, 'webp'),
      'image/webp',
    );
    const kept = ok(await add(), 201).guid;
    expect(await t.runtime.services.catalogImages.sweep()).toBe(0);
    t.clock.advance(16 * 60_000);
    expect(await t.runtime.services.catalogImages.sweep()).toBe(1);
    expect(await t.runtime.services.storage.has(`${prefix}original-abc.webp`)).toBe(false);
    expect(await intents()).toEqual([]);
    const files = filesUnder(path.join(t.dataDir, 'media'));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(kept);
  });

  it('a removal whose files cannot be deleted now is finished by the sweep', async () => {
    const guid = ok(await add(), 201).guid;
    const spy = vi
      .spyOn(t.runtime.services.storage, 'deletePrefix')
      .mockRejectedValueOnce(new Error('bucket unreachable'));
    expect((await owner().call(routes.garments.remove, { params: { guid } })).status).toBe(200);
    expect(await rows()).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'media'))).toHaveLength(1);
    spy.mockRestore();
    t.clock.advance(16 * 60_000);
    await t.runtime.services.catalogImages.sweep();
    expect(filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
  });
});
