import { createListenerMiddleware } from '@reduxjs/toolkit';
import { safeStorage } from '@tryon/web';
import { setLanguage, setPrivateApiKey, setUser } from './parameters-slice.ts';
import { storageKeys } from './storage-keys.ts';

/** Keeps the stored copies of spec §4: set when present, removed when empty. */
export const persistParameters = createListenerMiddleware();

persistParameters.startListening({
  actionCreator: setLanguage,
  effect: (action) => safeStorage.set(storageKeys.lang, action.payload),
});
persistParameters.startListening({
  actionCreator: setPrivateApiKey,
  effect: (action) =>
    action.payload
      ? safeStorage.set(storageKeys.privateApiKey, action.payload)
      : safeStorage.remove(storageKeys.privateApiKey),
});
persistParameters.startListening({
  actionCreator: setUser,
  effect: (action) =>
    action.payload
      ? safeStorage.set(storageKeys.user, JSON.stringify(action.payload))
      : safeStorage.remove(storageKeys.user),
});
