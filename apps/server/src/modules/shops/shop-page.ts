import type { ShopPage } from '@tryon/contract';
import type { ShopsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { KeysService } from '../keys/keys.service.ts';
import type { ShopsService } from './shops.service.ts';

/**
 * A shop's public page, by shop id alone: the public garments and models pages carry only the suid. The page
 * key is the shop's oldest active public key (what the admin list shows as access_key): public keys are public
 * by design, and our own origin is always an allowed domain for them. A disabled shop, or one without an active
 * public key, has no public page: SHOP_NOT_FOUND, the same as an unknown id.
 */
export async function shopPage(
  deps: { shops: ShopsService; keys: KeysService; retentionDays: number },
  suid: string,
): Promise<ShopPage> {
  const shop = await deps.shops.require(suid);
  if (shop.disabled === 1) throw new AppError('SHOP_NOT_FOUND');
  const key = (await deps.keys.firstPublicKeys([shop.suid])).get(shop.suid);
  if (!key) throw new AppError('SHOP_NOT_FOUND');
  return { ...publicShop(shop, deps.retentionDays), key };
}

/** What a shopper page may know of a shop: `/v1/shop/public`, and the public page with its key. */
export function publicShop(shop: ShopsTable, retentionDays: number): Omit<ShopPage, 'key'> {
  return {
    suid: shop.suid,
    name: shop.name,
    logo: shop.logo,
    url: shop.url,
    currency: shop.currency,
    retention_days: retentionDays,
  };
}
