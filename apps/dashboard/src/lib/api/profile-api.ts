import type { Account, Profile } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api, SHORT_CACHE_SECONDS } from './api.ts';
import { callArgs } from './base-query.ts';

/** Shared reads several screens need: the profile (guard, menu, shop) and the account (keys, links). */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, void>({
      query: () => callArgs(routeTable.user.profile, {}),
      providesTags: ['User'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
    account: build.query<Account, void>({
      query: () => callArgs(routeTable.keys.account, {}),
      providesTags: ['User'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
  }),
});

export const { useProfileQuery, useAccountQuery } = profileApi;
