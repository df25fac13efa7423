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
});

export const fromGarment = (item: Garment): CatalogItem => ({ id: item.guid, code: item.g, ...common(item) });
export const fromModel = (item: Model): CatalogItem => ({ id: item.muid, code: item.m, ...common(item) });

export const displayName = (item: CatalogItem, fallback: string) =>
  item.name || item.description || item.code || fallback;
