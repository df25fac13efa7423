import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { randomId } from '../secrets.ts';
import type { MediaStorage } from './media-storage.ts';

/** Intents older than this belong to writes that died half-way; the sweep removes their files. */
export const STALE_INTENT_MS = 15 * 60_000;

export interface MediaFile {
  /** Name inside the folder, without version or extension: `original`, `person/original`... */
  name: string;
  bytes: Buffer;
}

/** A new version tag for a stored file; keys end `<name>-<version>.webp`. */
export const newVersion = (): string => randomId('v', 6).slice(2);

/** The version part of a stored original's key, which changes whenever the image does. */
export const versionOf = (imageKey: string): string =>
  /original-([A-Za-z0-9_-]+)\.webp$/.exec(imageKey)?.[1] ?? 'v';

/**
 * Files that belong to a database row, written so that a row never points to a missing file and no file
 * outlives its row for long. A `media_intents` row names the folder before its files are written and is
 * cleared in the transaction that commits the row; removal deletes the row and writes an intent in one
 * transaction, then the files. A sweep finishes what a crash or a failing store left behind.
 */
export class AtomicMedia {
  private readonly db: Kysely<Database>;
  readonly storage: MediaStorage;
  private readonly clock: Clock;

  constructor(db: Kysely<Database>, storage: MediaStorage, clock: Clock) {
    this.db = db;
    this.storage = storage;
    this.clock = clock;
  }

  /**
   * Stores the files under `prefix`, then runs `commit` with their keys (in the order given) in a
   * transaction that also clears the intent. If anything fails, the files are deleted again.
   */
  async writeThenCommit<T>(
    prefix: string,
    files: readonly MediaFile[],
    commit: (keys: string[], trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    await this.db
      .insertInto('media_intents')
      .values({ prefix, created_at: this.clock.now() })
      .onConflict((oc) => oc.column('prefix').doUpdateSet({ created_at: this.clock.now() }))
      .execute();
    try {
      const keys: string[] = [];
      for (const file of files) {
        const key = `${prefix}${file.name}-${newVersion()}.webp`;
        await this.storage.put(key, file.bytes, 'image/webp');
        keys.push(key);
      }
      return await this.db.transaction().execute(async (trx) => {
        const result = await commit(keys, trx);
        await trx.deleteFrom('media_intents').where('prefix', '=', prefix).execute();
        return result;
      });
    } catch (error) {
      await this.discard(prefix).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes the row (in `deleteRow`'s transaction), then every file under `prefix`. */
  removeAfter<T>(prefix: string, deleteRow: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.removeAll(async (trx) => ({ result: await deleteRow(trx), prefixes: [prefix] }));
  }

  /**
   * Runs `deleteRows` in a transaction that also marks the folders it names for removal, then deletes those
   * folders; what cannot be deleted now is left to the sweep.
   */
  async removeAll<T>(
    deleteRows: (trx: Kysely<Database>) => Promise<{ result: T; prefixes: readonly string[] }>,
  ): Promise<T> {
    const { result, prefixes } = await this.db.transaction().execute(async (trx) => {
      const deleted = await deleteRows(trx);
      for (const prefix of deleted.prefixes) await this.markForRemoval(trx, prefix);
      return deleted;
    });
    for (const prefix of prefixes) await this.discard(prefix).catch(() => undefined);
    return result;
  }

  /** In the caller's transaction: `prefix` is to be deleted (now by the caller, or by the sweep). */
  async markForRemoval(trx: Kysely<Database>, prefix: string): Promise<void> {
    await trx
      .insertInto('media_intents')
      .values({ prefix, created_at: 0 })
      .onConflict((oc) => oc.column('prefix').doUpdateSet({ created_at: 0 }))
      .execute();
  }

  /** Removes files of writes that never finished and of removals whose files could not be deleted. */
  async sweep(): Promise<number> {
    const stale = await this.db
      .selectFrom('media_intents')
      .select('prefix')
      .where('created_at', '<', this.clock.now() - STALE_INTENT_MS)
      .execute();
    for (const { prefix } of stale) await this.discard(prefix);
    return stale.length;
  }

  async discard(prefix: string): Promise<void> {
    await this.storage.deletePrefix(prefix);
    await this.db.deleteFrom('media_intents').where('prefix', '=', prefix).execute();
  }
}
