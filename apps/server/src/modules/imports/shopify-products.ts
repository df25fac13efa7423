import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { type ImportRow, importRow } from './import-row.ts';

/** The parts of Shopify's public /products.json that an import uses. */
const productsJson = z.object({
  products: z.array(
    z.object({
      handle: z.string(),
      title: z.string().default(''),
      body_html: z.string().nullable().default(''),
      product_type: z.string().nullable().default(''),
      variants: z
        .array(z.object({ sku: z.string().nullable().optional(), price: z.string().nullable().optional() }))
        .default([]),
      images: z.array(z.object({ src: z.string() })).default([]),
    }),
  ),
});

/**
 * The store a URL is a page of: its address, the import's source (so every page of one store is one source, for
 * re-imports that remove what left it and for the daily re-sync).
 */
export const storeUrlOf = (pageUrl: string): string => `${new URL(pageUrl).origin}/`;

/** Where a store's products are: `<store>/products.json`, whatever page of the store was given. */
export function productsJsonUrl(storeUrl: string): string {
  return `${new URL(storeUrl).origin}/products.json?limit=250`;
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One row a product: its first variant's sku and price, its first image, its page under /products/. */
export function parseShopifyProducts(bytes: Buffer, storeUrl: string): ImportRow[] {
  let parsed: z.infer<typeof productsJson>;
  try {
    parsed = productsJson.parse(JSON.parse(bytes.toString('utf8')));
  } catch {
    throw new AppError('IMPORT_SOURCE_UNREADABLE', 'The store did not answer a Shopify products.json.');
  }
  const origin = new URL(storeUrl).origin;
  return parsed.products.map((product) => {
    const variant = product.variants[0];
    return importRow({
      sku: variant?.sku ?? '',
      name: product.title,
      description: stripTags(product.body_html ?? ''),
      category: product.product_type ?? '',
      price: variant?.price ?? '',
      imageUrl: product.images[0]?.src ?? '',
      url: `${origin}/products/${product.handle}`,
    });
  });
}
