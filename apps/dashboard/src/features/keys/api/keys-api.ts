import type { KeyEntry, KeyKind } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export type KeyChange = { key: string; active: 0 | 1 } | { key: string; allowed_domains: string };

/** Key changes refresh User (spec §4), which also re-reads the account and its keys. */
export const keysApi = api.injectEndpoints({
  endpoints: (build) => ({
    addKey: build.mutation<KeyEntry, { kind: KeyKind }>({
      query: ({ kind }) => callArgs(routeTable.keys.add, { query: { kind } }),
      invalidatesTags: ['User'],
    }),
    updateKey: build.mutation<KeyEntry, KeyChange>({
      query: (change) => callArgs(routeTable.keys.update, { query: change }),
      invalidatesTags: ['User'],
    }),
    deleteKey: build.mutation<{ ok: true }, string>({
      query: (key) => callArgs(routeTable.keys.remove, { query: { key } }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAddKeyMutation, useUpdateKeyMutation, useDeleteKeyMutation } = keysApi;
