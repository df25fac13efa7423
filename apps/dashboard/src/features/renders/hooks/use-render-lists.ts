import type { Look, TryOn } from '@tryon/contract';
import { type InfiniteList, type Page, useInfiniteList } from '../../../lib/api/infinite-list.ts';
import { rendersApi } from '../api/renders-api.ts';

const itemsOf = <T>(page: Page<T>) => page.items;
const tuidOf = (item: TryOn) => item.tuid;
const luidOf = (item: Look) => item.luid;
/** Each visit of a screen reads the list again: renders are made outside the dashboard. */
const fresh = { refetchOnMountOrArgChange: true } as const;

/** `shop`: a shop id or ALL_SHOPS. */
export const useTryonList = (shop: string): InfiniteList<TryOn> =>
  useInfiniteList(rendersApi.useTryonListInfiniteQuery(shop, fresh), itemsOf<TryOn>, tuidOf);

export const useLookList = (shop: string): InfiniteList<Look> =>
  useInfiniteList(rendersApi.useLookListInfiniteQuery(shop, fresh), itemsOf<Look>, luidOf);
