import type { ShopEntry } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { SHOPS_PAGE_SIZE, shopPage } from './shop-order.ts';

const shop = (i: number, name: string, balance: number, tryons: number): ShopEntry => ({
  shop_uid: `s_${i}`,
  email: `shop${i}@example.com`,
  name,
  logo: '',
  url: '',
  currency: 'EUR',
  access_key: null,
  referral: '',
  tariff: 'free',
  tryon_balance: balance,
  garments_count: 0,
  tryon_count: tryons,
  clients_count: 0,
  limit_garment_daily: 100,
  limit_tryon_daily: 500,
  limit_tryon_daily_per_client: 20,
  limit_person_daily: 100,
  limit_person_daily_per_client: 10,
  limit_search_daily: 1000,
  limit_import_daily: null,
  disabled: false,
  created: `2026-11-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`,
});
const shops = [shop(1, 'beta', 30, 5), shop(2, 'Alpha', 2, 50), shop(3, 'gamma', 90, 0)];
const names = (list: ShopEntry[]) => list.map((s) => s.name);

describe('shopPage', () => {
  it('orders newest first, by name case-blind, by lowest balance, by most try-ons', () => {
    expect(names(shopPage(shops, 'newest', 1))).toEqual(['gamma', 'Alpha', 'beta']);
    expect(names(shopPage(shops, 'name', 1))).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names(shopPage(shops, 'balance', 1))).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names(shopPage(shops, 'tryons', 1))).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names(shopPage(shops, 'balance', 1))).not.toEqual(names(shopPage(shops, 'newest', 1)));
  });

  it('cuts pages of 25 without losing or repeating a shop', () => {
    const many = Array.from({ length: 60 }, (_, i) => shop(i, `shop ${String(i).padStart(2, '0')}`, i, i));
    const pages = [1, 2, 3].map((p) => shopPage(many, 'name', p));
    expect(pages.map((p) => p.length)).toEqual([SHOPS_PAGE_SIZE, SHOPS_PAGE_SIZE, 10]);
    expect(new Set(pages.flat().map((s) => s.shop_uid)).size).toBe(60);
    expect(shopPage(many, 'name', 4)).toEqual([]);
  });
});
