import type { Account, Profile } from '@tryon/contract';
import { api, SHORT_CACHE_SECONDS } from './api.ts';
import { callArgs } from './base-query.ts';
import { routes } from './route-table.ts';

/** Shared reads several screens need: the profile (guard, menu, shop) and the account (keys, links). */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, void>({
      query: () => callArgs(routes.user.profile, {}),
      providesTags: ['User'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
    account: build.query<Account, void>({
      query: () => callArgs(routes.keys.account, {}),
      providesTags: ['User'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
  }),
});

export const { useProfileQuery, useAccountQuery } = profileApi;
