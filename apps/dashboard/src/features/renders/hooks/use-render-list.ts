import type { Look, TryOn } from '@tryon/contract';
import { usePagedList } from '../../../lib/hooks/use-paged-list.ts';
import { renderPageSizes, rendersApi } from '../api/renders-api.ts';

export function useTryonList() {
  const [list] = rendersApi.useLazyTryonListQuery();
  return usePagedList<TryOn, unknown>({
    fetchPage: async (offset, limit) => {
      const result = await list({ offset, limit });
      return result.data ? { items: result.data.items } : { error: result.error };
    },
    pageSize: renderPageSizes.tryons,
    idOf: (item) => item.tuid,
    resetKey: 'tryons',
  });
}

export function useLookList() {
  const [list] = rendersApi.useLazyLookListQuery();
  return usePagedList<Look, unknown>({
    fetchPage: async (offset, limit) => {
      const result = await list({ offset, limit });
      return result.data ? { items: result.data.items } : { error: result.error };
    },
    pageSize: renderPageSizes.looks,
    idOf: (item) => item.luid,
    resetKey: 'looks',
  });
}
