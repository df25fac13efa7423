import type { Profile } from '@tryon/contract';
import { detectLanguage, safeStorage } from '@tryon/web';
import type { ParametersState } from './parameters-slice.ts';
import { storageKeys } from './storage-keys.ts';

function parseUser(raw: string | null): Profile | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Profile;
  } catch (error) {
    // Spec §3: a stored user that does not parse is only logged.
    console.error('stored user is not valid JSON', error);
    return null;
  }
}

/** The parameters a page load starts with, from the URL, local storage and the browser. */
export function loadParameters(): ParametersState {
  return {
    referrer: typeof document === 'undefined' ? '' : document.referrer,
    privateApiKey: safeStorage.get(storageKeys.privateApiKey) || null,
    lang: detectLanguage({
      search: globalThis.location?.search ?? '',
      stored: safeStorage.get(storageKeys.lang),
      browser: globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? ''],
    }),
    user: parseUser(safeStorage.get(storageKeys.user)),
  };
}
