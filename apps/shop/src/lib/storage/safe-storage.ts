/** Local storage that never throws: private windows and blocked third-party storage act as an empty store. */
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
    } catch {
      // Storage is blocked: the value lives for this page only.
    }
  },
};

/** Names of stored entries; `lang` is the dashboard's too, so one choice holds on both. */
export const storageKeys = { clientUuid: 'clientuuid', lang: 'lang' } as const;
