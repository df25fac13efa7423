import type { AuditEntry } from '@tryon/contract';
import { AUDIT_PAGE_SIZE } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the audit log; `shop` is for admins: a shop id, or `*` for every shop. */
    auditLog: build.query<
      { items: AuditEntry[]; nextOffset: number | null },
      { offset: number; shop?: string | undefined }
    >({
      query: ({ offset, shop }) =>
        callArgs(routeTable.audit.list, { query: { offset, limit: AUDIT_PAGE_SIZE, shop_uid: shop } }),
      // Any change a screen makes (keys, shop fields, plans) may add an entry.
      providesTags: ['User'],
    }),
  }),
});

export const { useAuditLogQuery } = auditApi;
