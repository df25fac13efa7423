import type { Garment, Model } from '@tryon/contract';

/** What a card shows, the same for garments and models. */
export interface CatalogItem {
  id: string;
  code: string;
  name: string;
  description: string;
  url: string;
  image: string;
  width: number;
  height: number;
  likes: number;
  tryons: number;
  /** Garments only; '' for models. */
  category: string;
  price: string;
  created: string;
}

const common = (item: Garment | Model) => ({
  name: item.name,
  description: item.description,
  url: item.url,
  image: item.image,
  width: item.width,
  height: item.height,
  likes: item.stats.likes,
  tryons: item.stats.tryons,
  created: item.created,
});

export const fromGarment = (item: Garment): CatalogItem => ({
  id: item.guid,
  code: item.g,
  category: item.category,
  price: item.price,
  ...common(item),
});
export const fromModel = (item: Model): CatalogItem => ({
  id: item.muid,
  code: item.m,
  category: '',
  price: '',
  ...common(item),
});

/** The number in a price as the catalogue keeps it (`19.99`, `19,99 EUR`, `USD 5`), or null. */
export function priceNumber(price: string): number | null {
  const match = /\d+(?:[.,]\d+)?/.exec(price);
  return match ? Number(match[0].replace(',', '.')) : null;
}

/** A price in the shop's currency and the reader's language; as written when there is no currency or number. */
export function formatPrice(price: string, currency: string, language: string): string {
  const value = priceNumber(price);
  if (value === null || !currency) return price;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);
  } catch {
    return price;
  }
}

export const displayName = (item: CatalogItem, fallback: string) =>
  item.name || item.description || item.code || fallback;
