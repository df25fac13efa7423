import type { KeyEntry, KeyKind } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export type KeyChange =
  | { key: string; active: 0 | 1 }
  | { key: string; allowed_domains: string }
  | { key: string; name: string };

/** Key changes refresh User (spec §4), which also re-reads the account and its keys. */
export const keysApi = api.injectEndpoints({
  endpoints: (build) => ({
    addKey: build.mutation<KeyEntry, { kind: KeyKind; name: string }>({
      query: ({ kind, name }) => callArgs(routeTable.keys.add, { query: { kind, name } }),
      invalidatesTags: ['User'],
    }),
    updateKey: build.mutation<KeyEntry, KeyChange>({
      query: (change) => callArgs(routeTable.keys.update, { query: change }),
      invalidatesTags: ['User'],
    }),
    rollKey: build.mutation<KeyEntry, { key: string; grace_hours: number }>({
      query: (roll) => callArgs(routeTable.keys.roll, { query: roll }),
      invalidatesTags: ['User'],
    }),
    deleteKey: build.mutation<{ ok: true }, string>({
      query: (key) => callArgs(routeTable.keys.remove, { query: { key } }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAddKeyMutation, useUpdateKeyMutation, useRollKeyMutation, useDeleteKeyMutation } = keysApi;
