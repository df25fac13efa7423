import type { SharedLook, SharedTryOn } from '@tryon/contract';
import type { ImageLinks } from '../../lib/image-links.ts';
import { versionOf } from '../../lib/storage/atomic-media.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { CatalogImages } from '../catalog/catalog-images.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import type { RenderRow } from './renders.repository.ts';
import type { RendersService } from './renders.service.ts';

/** What a share page needs, whatever the kind: the shared fields of the contract. */
export type SharedRender = Omit<SharedTryOn, 't'>;

/**
 * A try-on or look as its share link shows it: the result, the shop, and the shop's garment or model it was made
 * with (its product page, so a viewer can buy it), never the shopper's photo. Used by the view routes and by
 * the share page's preview tags (`/w/tryon/view`, `/w/look/view`).
 */
export class RenderShare {
  private readonly renders: RendersService;
  private readonly shops: ShopsService;
  private readonly catalog: CatalogRepository;
  private readonly catalogImages: CatalogImages;
  private readonly links: ImageLinks;

  constructor(deps: {
    renders: RendersService;
    shops: ShopsService;
    catalog: CatalogRepository;
    catalogImages: CatalogImages;
    links: ImageLinks;
  }) {
    this.renders = deps.renders;
    this.shops = deps.shops;
    this.catalog = deps.catalog;
    this.catalogImages = deps.catalogImages;
    this.links = deps.links;
  }

  async tryOn(token: string): Promise<SharedTryOn> {
    const row = await this.renders.byToken('tryon', token);
    return { t: row.token, ...(await this.present(row)) };
  }

  async look(token: string): Promise<SharedLook> {
    const row = await this.renders.byToken('look', token);
    return { l: row.token, ...(await this.present(row)) };
  }

  private async present(row: RenderRow): Promise<SharedRender> {
    const shop = await this.shops.require(row.shop_suid);
    const kind = row.kind === 'tryon' ? 'garment' : 'model';
    const itemId = row.kind === 'tryon' ? row.garment_id : row.model_id;
    const item = itemId ? await this.catalog.findAnyShop(kind, itemId) : undefined;
    const done = row.status === 'done' && row.image_key;
    return {
      status: row.status,
      errorCode: row.status === 'failed' ? row.error_code : null,
      image: done && row.image_key ? this.links.sign(row.kind, row.id, versionOf(row.image_key)) : null,
      created: new Date(row.created_at).toISOString(),
      shop: { name: shop.name, url: shop.url },
      product:
        item && item.shop_suid === row.shop_suid
          ? {
              name: item.name,
              url: item.url,
              image: this.links.sign(kind, item.id, this.catalogImages.versionOf(item.image_key)),
            }
          : null,
    };
  }
}
