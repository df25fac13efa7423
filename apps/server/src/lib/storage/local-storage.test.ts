import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { describeStorageContract } from './storage-contract.ts';

// Faults the tests arm to stand for a crash or a race inside a write; unarmed, the file system works as usual.
const faults = vi.hoisted(() => ({
  /** The next writes store this many bytes, then fail as if the disk were full. */
  failWriteAfter: undefined as number | undefined,
  /** Runs before each rename, with the temp file and the target. */
  beforeRename: undefined as ((from: string, to: string) => Promise<void>) | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      const handle = await actual.open(...args);
      const failAfter = faults.failWriteAfter;
      if (failAfter !== undefined) {
        handle.writeFile = (async (data: Buffer) => {
          await handle.write(data.subarray(0, failAfter));
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        }) as typeof handle.writeFile;
      }
      return handle;
    },
    rename: async (...args: Parameters<typeof actual.rename>) => {
      await faults.beforeRename?.(String(args[0]), String(args[1]));
      return actual.rename(...args);
    },
  };
});

const roots: string[] = [];
const newRoot = async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'media-local-'));
  roots.push(root);
  return root;
};
afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

describeStorageContract('local', async () => createLocalStorage(await newRoot()));

describe('local storage', () => {
  let root: string;
  let storage: MediaStorage;
  const key = 'garments/1/original.webp';
  const dirOf = (k: string) => path.join(root, path.dirname(k));
  const exists = (p: string) =>
    stat(p).then(
      () => true,
      () => false,
    );

  beforeEach(async () => {
    root = await newRoot();
    storage = createLocalStorage(root);
  });
  afterEach(() => {
    faults.failWriteAfter = undefined;
    faults.beforeRename = undefined;
  });

  it('keeps each object as a plain file holding exactly its bytes, with no sidecar', async () => {
    await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(await readFile(path.join(root, key), 'utf8')).toBe('RIFF....WEBP');
    expect(await readdir(dirOf(key))).toEqual(['original.webp']);
  });

  it('removes folders a delete leaves empty, but not the root or a folder still in use', async () => {
    await storage.put('a/b/c/x.webp', Buffer.from('x'), 'image/webp');
    await storage.put('a/y.webp', Buffer.from('y'), 'image/webp');
    await storage.delete(['a/b/c/x.webp']);
    expect(await exists(path.join(root, 'a/b'))).toBe(false);
    expect(await readdir(path.join(root, 'a'))).toEqual(['y.webp']);
    await storage.put('a/b/z.webp', Buffer.from('z'), 'image/webp');
    await storage.deletePrefix('a/b/');
    expect(await readdir(path.join(root, 'a'))).toEqual(['y.webp']);
    await storage.delete(['a/y.webp']);
    expect(await readdir(root)).toEqual([]);
  });

  it('shows nothing of a write that fails halfway, and removes its temp file', async () => {
    await storage.put(key, Buffer.from('version one'), 'image/webp');
    faults.failWriteAfter = 4;
    await expect(storage.put(key, Buffer.from('version two, longer'), 'image/webp')).rejects.toThrow(
      /ENOSPC/,
    );
    await expect(storage.put('garments/2/original.webp', Buffer.from('new'), 'image/webp')).rejects.toThrow(
      /ENOSPC/,
    );
    faults.failWriteAfter = undefined;

    expect((await storage.get(key))?.bytes.toString()).toBe('version one');
    expect(await readdir(dirOf(key))).toEqual(['original.webp']);
    expect(await storage.get('garments/2/original.webp')).toBeNull();
    expect(await storage.has('garments/2/original.webp')).toBe(false);
    expect(await readdir(dirOf('garments/2/original.webp'))).toEqual([]);
  });

  it('makes a new version visible only by the final rename', async () => {
    await storage.put(key, Buffer.from('version one'), 'image/webp');
    let reached!: (temp: Buffer) => void;
    let release!: () => void;
    const atRename = new Promise<Buffer>((resolve) => {
      reached = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    faults.beforeRename = async (from) => {
      reached(await readFile(from));
      await gate;
    };

    const writing = storage.put(key, Buffer.from('version two'), 'image/webp');
    // The whole new version is on disk, under a temp name no key can have; readers still get the old one.
    expect((await atRename).toString()).toBe('version two');
    expect((await storage.get(key))?.bytes.toString()).toBe('version one');
    const names = await readdir(dirOf(key));
    expect(names).toHaveLength(2);
    expect(names.find((n) => n !== 'original.webp')).toMatch(/^\.original\.webp\.[0-9a-f]+\.tmp$/);

    release();
    await writing;
    expect((await storage.get(key))?.bytes.toString()).toBe('version two');
    expect(await readdir(dirOf(key))).toEqual(['original.webp']);
  });

  it('removes the temp file when the rename fails', async () => {
    faults.beforeRename = async () => {
      throw Object.assign(new Error('EACCES: permission denied, rename'), { code: 'EACCES' });
    };
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/EACCES/);
    expect(await readdir(dirOf(key))).toEqual([]);
  });

  it('writes again when a concurrent delete prunes the folder before the rename', async () => {
    let pruned = false;
    faults.beforeRename = async () => {
      if (pruned) return;
      pruned = true;
      await rm(dirOf(key), { recursive: true });
    };
    await storage.put(key, Buffer.from('x'), 'image/webp');
    expect(pruned).toBe(true);
    expect((await storage.get(key))?.bytes.toString()).toBe('x');
    expect(await readdir(dirOf(key))).toEqual(['original.webp']);
  });

  it('never shows the temp files of a crashed write as objects', async () => {
    await mkdir(dirOf(key), { recursive: true });
    await writeFile(path.join(dirOf(key), '.original.webp.0123abcd.tmp'), 'half');
    expect(await storage.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.deletePrefix('garments/1/');
    expect(await exists(dirOf(key))).toBe(false);
  });

  it('does not follow a link in deletePrefix', async () => {
    const outside = await newRoot();
    await writeFile(path.join(outside, 'precious.webp'), 'keep');
    await mkdir(path.join(root, 'garments'));
    await symlink(outside, path.join(root, 'garments/1'));
    await storage.deletePrefix('garments/1/');
    expect(await readFile(path.join(outside, 'precious.webp'), 'utf8')).toBe('keep');
  });
});
