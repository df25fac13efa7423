import { useSearchParams } from 'react-router';
import { useShopDirectoryQuery } from '../../../lib/api/shop-directory-api.ts';
import { ALL_SHOPS } from '../api/renders-api.ts';

/**
 * The admin screens' shop filter, kept in the address (`?shop=<suid>`) so a filtered view can be shared or
 * reloaded; every shop when absent. Also answers a shop's name for the cards.
 */
export function useShopFilter() {
  const [params, setParams] = useSearchParams();
  const shop = params.get('shop') || ALL_SHOPS;
  const directory = useShopDirectoryQuery();
  const names = new Map((directory.data ?? []).map((s) => [s.suid, s.name || s.email]));
  return {
    shop,
    shops: directory.data ?? [],
    nameOf: (suid: string) => names.get(suid) ?? suid,
    setShop: (next: string) => setParams(next === ALL_SHOPS ? {} : { shop: next }, { replace: true }),
  };
}
