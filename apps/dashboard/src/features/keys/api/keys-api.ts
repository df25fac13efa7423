import type { KeyEntry, KeyKind } from '@tryon/contract';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import { routes } from '../../../lib/api/route-table.ts';

export type KeyChange = { key: string; active: 0 | 1 } | { key: string; allowed_domains: string };

/** Key changes refresh User (spec §4), which also re-reads the account and its keys. */
export const keysApi = api.injectEndpoints({
  endpoints: (build) => ({
    addKey: build.mutation<KeyEntry, { kind: KeyKind }>({
      query: ({ kind }) => callArgs(routes.keys.add, { query: { kind } }),
      invalidatesTags: ['User'],
    }),
    updateKey: build.mutation<KeyEntry, KeyChange>({
      query: (change) => callArgs(routes.keys.update, { query: change }),
      invalidatesTags: ['User'],
    }),
    deleteKey: build.mutation<{ ok: true }, string>({
      query: (key) => callArgs(routes.keys.remove, { query: { key } }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAddKeyMutation, useUpdateKeyMutation, useDeleteKeyMutation } = keysApi;
