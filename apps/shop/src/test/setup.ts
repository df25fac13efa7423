import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { resetBlocked } from '../lib/api/blocked-store.ts';
import { setLanguage } from '../lib/i18n/i18n.ts';
import { resetClientUuid } from '../lib/storage/client-uuid.ts';
import { resetPhotoConsent } from '../lib/storage/photo-consent.ts';
import { resetToasts } from '../lib/toast/toast-store.ts';

beforeAll(async () => {
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  resetBlocked();
  resetClientUuid();
  resetPhotoConsent();
  resetToasts();
});
