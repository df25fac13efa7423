import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeStorage } from './safe-storage.ts';

const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('safe storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('acts as an empty store where local storage is missing or blocked', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(safeStorage.get('lang')).toBeNull();
    vi.stubGlobal('localStorage', blocked);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(safeStorage.get('lang')).toBeNull();
    expect(() => safeStorage.set('lang', 'pl')).not.toThrow();
    expect(() => safeStorage.remove('lang')).not.toThrow();
    expect(warned).toHaveBeenCalledTimes(2);
  });
});
