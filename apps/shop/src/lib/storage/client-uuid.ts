import { safeStorage } from '@tryon/web';
import { storageKeys } from './storage-keys.ts';

const VALID = /^[A-Za-z0-9_-]{8,64}$/;

/** 128 random bits as hex; getRandomValues works on plain-http pages too, where randomUUID does not exist. */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let current: string | null = null;

/**
 * The shopper's anonymous id (the `clientuuid` header): made once and kept in local storage, so the shopper
 * finds their photos, try-ons and looks again. Where storage is blocked it lasts as long as the page.
 */
export function clientUuid(): string {
  if (current) return current;
  const stored = safeStorage.get(storageKeys.clientUuid);
  current = stored && VALID.test(stored) ? stored : newId();
  if (current !== stored) safeStorage.set(storageKeys.clientUuid, current);
  return current;
}

/**
 * The id the embed script keeps in the shop's own (first-party) storage: used instead of this frame's, which a
 * browser that blocks third-party storage forgets on every reload.
 */
export function adoptClientUuid(id: string): void {
  if (!VALID.test(id)) return;
  current = id;
  safeStorage.set(storageKeys.clientUuid, id);
}

/** For tests: forget the id held in memory. */
export const resetClientUuid = () => {
  current = null;
};
