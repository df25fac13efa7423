import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentTypeOf, type MediaStorage } from './media-storage.ts';

export interface ContractOptions {
  /**
   * False skips the check that concurrent puts of one key leave one whole version, for a test double that does not
   * keep that promise (s3rver writes objects in place); S3 itself does.
   */
  atomicConcurrentPuts?: boolean;
}

/**
 * The behaviour every MediaStorage must have, written once; each implementation's test file runs it.
 * `makeStorage` must return an empty store each time.
 */
export function describeStorageContract(
  name: string,
  makeStorage: () => Promise<MediaStorage>,
  options: ContractOptions = {},
): void {
  describe(`${name} storage (shared contract)`, () => {
    let storage: MediaStorage;
    beforeEach(async () => {
      storage = await makeStorage();
    });
    afterEach(async () => {
      await storage.close();
    });

    it('answers null and false for a missing key', async () => {
      expect(await storage.get('garments/1/original.webp')).toBeNull();
      expect(await storage.has('garments/1/original.webp')).toBe(false);
    });

    it('returns what was put, with the content type', async () => {
      await storage.put('garments/1/original.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
      expect(await storage.has('garments/1/original.webp')).toBe(true);
      expect(await storage.get('garments/1/original.webp')).toEqual({
        bytes: Buffer.from('RIFF....WEBP'),
        contentType: 'image/webp',
      });
      await storage.put('models/2/photo.jpg', Buffer.from([0xff, 0xd8]), 'image/jpeg; charset=binary');
      expect((await storage.get('models/2/photo.jpg'))?.contentType).toBe('image/jpeg');
    });

    it('keeps every byte exactly: all byte values, an empty object and a large one', async () => {
      const everyByte = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      const large = randomBytes(2 * 1024 * 1024);
      await storage.put('a/every-byte.bin', everyByte, 'application/octet-stream');
      await storage.put('a/empty.bin', Buffer.alloc(0), 'application/octet-stream');
      await storage.put('a/large.png', large, 'image/png');
      expect((await storage.get('a/every-byte.bin'))?.bytes.equals(everyByte)).toBe(true);
      expect((await storage.get('a/empty.bin'))?.bytes.length).toBe(0);
      expect(await storage.has('a/empty.bin')).toBe(true);
      expect((await storage.get('a/large.png'))?.bytes.equals(large)).toBe(true);
    });

    it('overwrites an object whole, a shorter one leaving nothing of the old', async () => {
      await storage.put('garments/1/original.webp', Buffer.from('a long first version'), 'image/webp');
      await storage.put('garments/1/original.webp', Buffer.from('short'), 'image/webp');
      expect((await storage.get('garments/1/original.webp'))?.bytes.toString()).toBe('short');
    });

    if (options.atomicConcurrentPuts === false) {
      console.log(
        `${name}: concurrent-writes check skipped: s3rver writes objects in place (real S3 replaces them whole)`,
      );
    }
    it.skipIf(options.atomicConcurrentPuts === false)(
      'leaves one whole version after concurrent writes of one key',
      async () => {
        const versions = Array.from({ length: 5 }, (_, i) => Buffer.alloc(64 * 1024 + i, i + 1));
        await Promise.all(versions.map((v) => storage.put('garments/1/original.webp', v, 'image/webp')));
        const stored = (await storage.get('garments/1/original.webp'))?.bytes;
        expect(versions.some((v) => stored?.equals(v))).toBe(true);
      },
    );

    it('deletes the given keys, skipping missing ones and touching no others', async () => {
      await storage.put('garments/1/original.webp', Buffer.from('1'), 'image/webp');
      await storage.put('garments/1/thumb.webp', Buffer.from('2'), 'image/webp');
      await storage.delete(['garments/1/original.webp', 'garments/9/missing.webp', 'nowhere/x.png']);
      expect(await storage.has('garments/1/original.webp')).toBe(false);
      expect(await storage.get('garments/1/original.webp')).toBeNull();
      expect(await storage.has('garments/1/thumb.webp')).toBe(true);
      await storage.delete([]);
      await storage.delete(['garments/1/thumb.webp']);
      expect(await storage.has('garments/1/thumb.webp')).toBe(false);
      // A key can be written again after its folder was emptied.
      await storage.put('garments/1/thumb.webp', Buffer.from('3'), 'image/webp');
      expect((await storage.get('garments/1/thumb.webp'))?.bytes.toString()).toBe('3');
    });

    it('deletes everything under a prefix, nested too, and nothing beside it', async () => {
      const keep = ['garments/10/original.webp', 'garments/2/original.webp', 'garments/1.webp'];
      const drop = ['garments/1/original.webp', 'garments/1/thumb-256.webp', 'garments/1/crops/a.png'];
      for (const key of [...keep, ...drop]) await storage.put(key, Buffer.from(key), contentTypeOf(key));
      await storage.deletePrefix('garments/1/');
      for (const key of drop) expect(await storage.has(key), key).toBe(false);
      for (const key of keep) expect((await storage.get(key))?.bytes.toString(), key).toBe(key);
      await storage.deletePrefix('garments/1/');
      await storage.deletePrefix('never/written/');
      // A prefix naming an object, not a folder, matches nothing.
      await storage.deletePrefix('garments/1.webp/');
      expect(await storage.has('garments/1.webp')).toBe(true);
    });

    it('refuses bad keys and prefixes with a plain Error', async () => {
      const bad = [
        '',
        '/abs/x.webp',
        'a/../x.webp',
        '../x.webp',
        'a/./x.webp',
        'a\\b.webp',
        'a//b.webp',
        'a/b/',
        '.hidden.webp',
        'a/.x.webp.tmp',
        'sp ace.webp',
        'ü.webp',
        `${'a/'.repeat(300)}x.webp`,
      ];
      for (const key of bad) {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
          /Invalid storage key/,
        );
        await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.has(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.delete(['ok.webp', key]), key).rejects.toThrow(/Invalid storage key/);
      }
      for (const prefix of ['', '/', 'garments/1', '/garments/', 'garments//', '../', 'a/../']) {
        await expect(storage.deletePrefix(prefix), prefix).rejects.toThrow(/Invalid storage (prefix|key)/);
      }
    });

    it('refuses a content type that disagrees with the key extension', async () => {
      await expect(storage.put('a/b.webp', Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
      await expect(storage.put('a/b', Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
      expect(await storage.has('a/b.webp')).toBe(false);
      await storage.put('a/b', Buffer.from('x'), 'application/octet-stream');
      expect((await storage.get('a/b'))?.contentType).toBe('application/octet-stream');
    });
  });
}
