import { useSearchParams } from 'react-router';

/**
 * The admin screens' shop choice, kept in the address (`?shop=<suid>`) so a view of one shop can be linked to,
 * shared and reloaded. `none` stands for the choice that names no shop (the parameter absent).
 */
export function useShopParam(none: string): [string, (shop: string) => void] {
  const [params, setParams] = useSearchParams();
  const shop = params.get('shop') || none;
  const setShop = (next: string) => setParams(next === none ? {} : { shop: next }, { replace: true });
  return [shop, setShop];
}
