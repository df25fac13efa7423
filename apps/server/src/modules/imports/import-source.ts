import type { CatalogImportRowsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { fetchFromUrl, type UrlImportOptions } from '../../lib/url-import/index.ts';
import { checkRowCount, type ImportRow, productKeyOf, rowProblem } from './import-row.ts';
import { parseMerchantFeed } from './merchant-feed.ts';
import { parseShopifyProducts, productsJsonUrl } from './shopify-products.ts';

/** Shopify answers at most 250 products a page. */
const SHOPIFY_PAGE = 250;
/**
 * A feed (or a store's page) is larger and slower than an image: a Merchant Center feed of a few thousand
 * products with their descriptions and attributes passes the image cap of 10 MB.
 */
export const SOURCE_MAX_BYTES = 50 * 1024 * 1024;
const SOURCE_TIMEOUT_MS = 60_000;

/** Fetches a feed or a store's page through the SSRF-safe downloader, under the source's size and time caps. */
async function fetchSource(url: string, options: Partial<UrlImportOptions>, accept: string): Promise<Buffer> {
  try {
    const settings = { maxBytes: SOURCE_MAX_BYTES, timeoutMs: SOURCE_TIMEOUT_MS, ...options };
    return (await fetchFromUrl(url, settings, accept)).bytes;
  } catch (error) {
    if (error instanceof AppError && error.code === 'IMAGE_TOO_LARGE')
      throw new AppError('IMPORT_SOURCE_TOO_LARGE');
    throw error;
  }
}

/** Reads a feed or a store through the SSRF-safe downloader. */
export async function readUrlSource(
  source: 'merchant' | 'shopify',
  url: string,
  maxRows: number,
  options: Partial<UrlImportOptions>,
): Promise<ImportRow[]> {
  if (source === 'merchant') {
    return parseMerchantFeed(
      await fetchSource(url, options, 'application/xml, text/xml, text/tab-separated-values, */*'),
    );
  }
  const rows: ImportRow[] = [];
  // One page more than the limit needs, so a store larger than it is refused, not cut short.
  for (let page = 1; page <= Math.ceil(maxRows / SHOPIFY_PAGE) + 1; page++) {
    const fetched = await fetchSource(`${productsJsonUrl(url)}&page=${page}`, options, 'application/json');
    const products = parseShopifyProducts(fetched, url);
    rows.push(...products);
    if (products.length < SHOPIFY_PAGE) break;
  }
  return rows;
}

/**
 * The rows to store for an import: a row that repeats an earlier row's product, or that is wrong before any
 * fetch (no image, a bad price), is failed at once with its reason; the others wait for the job.
 */
export function importRowsOf(importId: string, rows: readonly ImportRow[], maxRows: number, now: number) {
  checkRowCount(rows, maxRows);
  const seen = new Set<string>();
  return rows.map((row, index): CatalogImportRowsTable => {
    const key = productKeyOf(row);
    const problem = seen.has(key) ? new AppError('IMPORT_DUPLICATE_ROW') : rowProblem(row);
    seen.add(key);
    return {
      import_id: importId,
      position: index + 1,
      product_key: key,
      data: JSON.stringify(row),
      outcome: problem ? 'failed' : null,
      error: problem ? problem.code : null,
      error_details: null,
      item_id: null,
      done_at: problem ? now : null,
    };
  });
}
