import type { ShopEntry } from '@tryon/contract';

export const shopOrders = ['newest', 'name', 'balance', 'tryons'] as const;
export type ShopOrder = (typeof shopOrders)[number];

/** Shops per page of the admin table. */
export const SHOPS_PAGE_SIZE = 25;

const by: Record<ShopOrder, (a: ShopEntry, b: ShopEntry) => number> = {
  newest: (a, b) => b.created.localeCompare(a.created),
  name: (a, b) => (a.name || a.email).localeCompare(b.name || b.email, undefined, { sensitivity: 'base' }),
  balance: (a, b) => a.tryon_balance - b.tryon_balance,
  tryons: (a, b) => b.tryon_count - a.tryon_count,
};

/**
 * One page of the shops, in the chosen order (the list holds at most SHOP_LIST_MAX, so sorting is local): the
 * lowest balance first (who needs topping up), the busiest first by try-ons, names A to Z, or the newest.
 */
export function shopPage(items: readonly ShopEntry[], order: ShopOrder, page: number): ShopEntry[] {
  const start = (page - 1) * SHOPS_PAGE_SIZE;
  return [...items].sort(by[order]).slice(start, start + SHOPS_PAGE_SIZE);
}
