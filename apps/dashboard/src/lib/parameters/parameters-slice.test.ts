import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadParameters } from './load-parameters.ts';
import {
  parametersSlice,
  setLanguage,
  setParameters,
  setPrivateApiKey,
  setUser,
} from './parameters-slice.ts';
import { persistParameters } from './persist-parameters.ts';
import { storageKeys } from './storage-keys.ts';

const profile = {
  name: 'Shop',
  mail: 'a@b.com',
  suid: 's_1',
  uid: 'u_1',
  apiKey: 'ss_x',
  isAdmin: false,
  tryonBalance: 50,
  tariff: 'free' as const,
  logo: '',
  url: '',
  currency: '',
  disabled: false,
  limitDailyGarment: 1,
  limitDailyPerClientPerson: 1,
  limitDailyPerClientTryon: 1,
  limitDailyPerson: 1,
  limitDailySearch: 1,
  limitDailyTryon: 1,
};

const makeStore = () =>
  configureStore({
    reducer: { parameters: parametersSlice.reducer },
    middleware: (getDefault) => getDefault().prepend(persistParameters.middleware),
  });

describe('parameters slice (spec §3, §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('setParameters merges its payload', () => {
    const store = makeStore();
    store.dispatch(setParameters({ referrer: 'https://shop.com', lang: 'pl' }));
    expect(store.getState().parameters).toMatchObject({
      referrer: 'https://shop.com',
      lang: 'pl',
      privateApiKey: null,
    });
  });

  it('setLanguage sets and stores the language', () => {
    const store = makeStore();
    store.dispatch(setLanguage('ru'));
    expect(store.getState().parameters.lang).toBe('ru');
    expect(localStorage.getItem(storageKeys.lang)).toBe('ru');
  });

  it('setPrivateApiKey stores a key and removes the stored entry when empty', () => {
    const store = makeStore();
    store.dispatch(setPrivateApiKey('ss_abc'));
    expect(localStorage.getItem(storageKeys.privateApiKey)).toBe('ss_abc');
    store.dispatch(setPrivateApiKey(''));
    expect(store.getState().parameters.privateApiKey).toBeNull();
    expect(localStorage.getItem(storageKeys.privateApiKey)).toBeNull();
  });

  it('setUser stores the user as JSON and removes it when empty', () => {
    const store = makeStore();
    store.dispatch(setUser(profile));
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null')).toEqual(profile);
    store.dispatch(setUser(null));
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
  });

  it('restores key and user from storage; a user that does not parse is only logged', () => {
    localStorage.setItem(storageKeys.privateApiKey, 'ss_stored');
    localStorage.setItem(storageKeys.user, JSON.stringify(profile));
    expect(loadParameters()).toMatchObject({ privateApiKey: 'ss_stored', user: profile });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(storageKeys.user, '{not json');
    expect(loadParameters().user).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
  });
});
