import { PHOTO_CONSENT_VERSION } from '@tryon/contract';
import { safeStorage } from '@tryon/web';
import { useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys.ts';

const listeners = new Set<() => void>();
/** Where storage is blocked, the agreement lasts as long as the page (as the shopper's id does). */
let agreedHere = false;

const agreed = () =>
  agreedHere || safeStorage.get(storageKeys.photoConsent) === String(PHOTO_CONSENT_VERSION);

/**
 * Whether the shopper agreed to the current photo wording (what happens to the photo) on this browser. The
 * server records the agreement with the first upload (`consent` = its version) and refuses uploads without it.
 */
export function usePhotoConsent(): { agreed: boolean; agree: () => void } {
  const value = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, agreed);
  return {
    agreed: value,
    agree: () => {
      agreedHere = true;
      safeStorage.set(storageKeys.photoConsent, String(PHOTO_CONSENT_VERSION));
      for (const listener of listeners) listener();
    },
  };
}

/** For tests: forget the agreement held in memory. */
export const resetPhotoConsent = () => {
  agreedHere = false;
};
