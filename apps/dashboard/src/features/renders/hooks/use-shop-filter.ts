import { useShopDirectoryQuery } from '../../../lib/api/shop-directory-api.ts';
import { useShopParam } from '../../../lib/urls/use-shop-param.ts';
import { ALL_SHOPS } from '../api/renders-api.ts';

/** The admin screens' shop filter, in the address; every shop when absent. Also answers a shop's name for the cards. */
export function useShopFilter() {
  const [shop, setShop] = useShopParam(ALL_SHOPS);
  const directory = useShopDirectoryQuery();
  const names = new Map((directory.data ?? []).map((s) => [s.suid, s.name || s.email]));
  return {
    shop,
    shops: directory.data ?? [],
    nameOf: (suid: string) => names.get(suid) ?? suid,
    setShop,
  };
}
