/** Local storage that never throws (private windows and blocked storage behave as an empty store). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch (error) {
      console.warn(`could not store ${key}`, error);
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch (error) {
      console.warn(`could not remove ${key}`, error);
    }
  },
};

/** Names of the stored entries (spec §3). */
export const storageKeys = { privateApiKey: 'privateApiKey', lang: 'lang', user: 'user' } as const;
