/**
 * Whether local storage keeps what is written (a probe written, read back and removed): false where the
 * browser blocks it, as some do for third-party frames.
 */
export function storageWorks(): boolean {
  const probe = '__storage_probe__';
  try {
    globalThis.localStorage.setItem(probe, '1');
    const kept = globalThis.localStorage.getItem(probe) === '1';
    globalThis.localStorage.removeItem(probe);
    return kept;
  } catch {
    return false;
  }
}

/** Local storage that never throws: private windows and blocked (third-party) storage act as an empty store. */
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
      // Storage is blocked: the value lives for this page only.
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
