import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, lstat, mkdir, open, readFile, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  assertContentTypeMatches,
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  type MediaStorage,
} from './media-storage.ts';

/** The file's path names something that is not there, or not a file. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const PUT_ATTEMPTS = 3;

/**
 * Objects as plain files under `root`: key `garments/1/original.webp` is the file `<root>/garments/1/original.webp`,
 * holding exactly the bytes. The content type comes from the extension (see media-storage.ts), so there is no
 * sidecar. Errors of the file system (full disk, permissions) are thrown as they are.
 */
export function createLocalStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(base, ...key.split('/'));
  };

  /** Removes `dir` and its parents while they are empty, up to (not including) the root. */
  const pruneEmptyDirs = async (dir: string) => {
    let current = dir;
    while (current !== base && current.startsWith(base + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (the common case), or already gone
      }
      current = path.dirname(current);
    }
  };

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      assertContentTypeMatches(key, contentType);
      // A delete running at the same time may prune the directory between our mkdir and rename; try again then.
      for (let attempt = 1; ; attempt++) {
        try {
          return await writeAtomically(file, bytes);
        } catch (error) {
          if (attempt >= PUT_ATTEMPTS || errnoOf(error) !== 'ENOENT') throw error;
        }
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        return { bytes: await readFile(file), contentType: contentTypeOf(key) };
      } catch (error) {
        if (MISSING.has(errnoOf(error))) return null;
        throw error;
      }
    },

    async has(key) {
      const file = fileOf(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (MISSING.has(errnoOf(error))) return false;
        throw error;
      }
    },

    async delete(keys) {
      const files = keys.map(fileOf);
      for (const file of files) {
        try {
          await unlink(file);
        } catch (error) {
          if (!MISSING.has(errnoOf(error))) throw error;
        }
        await pruneEmptyDirs(path.dirname(file));
      }
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      const dir = path.join(base, ...prefix.slice(0, -1).split('/'));
      try {
        // Only a real directory: a file of that name is not under the prefix, and a link must not be followed.
        if (!(await lstat(dir)).isDirectory()) return;
      } catch (error) {
        if (MISSING.has(errnoOf(error))) return;
        throw error;
      }
      // maxRetries covers a put that adds a file while the directory is being emptied.
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      await pruneEmptyDirs(path.dirname(dir));
    },

    async check() {
      await mkdir(base, { recursive: true });
      await access(base, constants.W_OK);
    },

    async close() {},
  };
}

/**
 * Writes a temp file beside the target, flushes it to disk, then renames it over the target. The rename is atomic,
 * so readers see the old file or the whole new one; the flush keeps a crash from leaving a renamed but empty file.
 * Temp names start with a dot, which no key may, so they never show as objects.
 */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined); // may not exist; the original error is the one worth reporting
    throw error;
  }
}

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? '';
}
