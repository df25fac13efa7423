import type { ShopPage } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import type { QueryDef } from '../../../lib/api/query-cache.ts';
import { SHORT_KEEP_SECONDS } from '../../../lib/api/query-cache.ts';

type PublicShop = Omit<ShopPage, 'key'>;

/** The shop of the page's key: name, logo and site for the header. */
export const publicShopQuery: QueryDef<null, PublicShop> = {
  name: 'shop',
  provides: ['User'],
  keepUnusedSeconds: SHORT_KEEP_SECONDS,
  run: (call, _args, signal) => call(routeTable.shops.publicInfo, {}, { signal }),
};

/** A shop's public page by its id, with the page key the lists are read with. */
export const shopPageQuery: QueryDef<string, ShopPage> = {
  name: 'shopPage',
  provides: ['User'],
  keepUnusedSeconds: SHORT_KEEP_SECONDS,
  run: (call, suid, signal) => call(routeTable.shops.page, { params: { suid } }, { signal }),
};
