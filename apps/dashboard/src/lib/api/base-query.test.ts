import { afterEach, describe, expect, it, vi } from 'vitest';
import { installApi } from '../../app/install-api.ts';
import { createStore } from '../../app/store.ts';
import { setPrivateApiKey } from '../parameters/parameters-slice.ts';
import { profileApi } from './profile-api.ts';

const session = { referrer: '', privateApiKey: 'ss_old', lang: 'en', user: null } as const;

function answer(status: number, body: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('clientBaseQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ends the session on any 401: the stored key and user are cleared', async () => {
    installApi();
    const store = createStore({ ...session });
    answer(401, { errorCodeStr: 'INVALID_API_KEY', errorMessage: 'no' });
    await store.dispatch(profileApi.endpoints.profile.initiate());
    expect(store.getState().parameters.privateApiKey).toBeNull();
    expect(localStorage.getItem('privateApiKey')).toBeNull();
  });

  it('keeps the session on other failures, such as a 403 or a 500', async () => {
    installApi();
    for (const status of [403, 500]) {
      const store = createStore({ ...session });
      answer(status, { errorCodeStr: 'ADMIN_ONLY', errorMessage: 'no' });
      await store.dispatch(profileApi.endpoints.profile.initiate());
      expect(store.getState().parameters.privateApiKey, String(status)).toBe('ss_old');
    }
  });

  it('keeps a key signed in meanwhile when an old call answers 401 late', async () => {
    installApi();
    const store = createStore({ ...session });
    let release = () => {};
    const fetch = vi.fn(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return new Response('{"errorCodeStr":"INVALID_API_KEY"}', { status: 401 });
    });
    vi.stubGlobal('fetch', fetch);
    const pending = store.dispatch(profileApi.endpoints.profile.initiate());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    store.dispatch(setPrivateApiKey('ss_new'));
    release();
    await pending;
    expect(store.getState().parameters.privateApiKey).toBe('ss_new');
  });
});
