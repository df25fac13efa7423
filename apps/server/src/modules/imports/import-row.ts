import { catalogFieldMax, isPageUrl } from '@tryon/contract';
import { AppError } from '../../lib/app-error.ts';

/** One product of a source, as every source reads it. */
export interface ImportRow {
  sku: string;
  name: string;
  description: string;
  category: string;
  price: string;
  imageUrl: string;
  url: string;
}

/** A number with an optional currency either side: `19.99`, `19,99 EUR`, `USD 5`. */
const PRICE = /^(?:[A-Z]{3} )?\d{1,9}(?:[.,]\d{1,2})?(?: [A-Z]{3})?$/;

/** Trims every field and cuts it to the length the catalogue keeps in it (as add and edit allow). */
export function importRow(fields: Partial<ImportRow>): ImportRow {
  const clean = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max);
  return {
    sku: clean(fields.sku, catalogFieldMax.sku),
    name: clean(fields.name, catalogFieldMax.name),
    description: clean(fields.description, catalogFieldMax.description),
    category: clean(fields.category, catalogFieldMax.category),
    price: clean(fields.price, catalogFieldMax.price),
    imageUrl: clean(fields.imageUrl, catalogFieldMax.url),
    url: clean(fields.url, catalogFieldMax.url),
  };
}

/** The product's key, as add/url keys it: sku, else page URL, else image URL. */
export const productKeyOf = (row: ImportRow): string =>
  row.sku ? `sku:${row.sku}` : row.url ? `url:${row.url}` : `image:${row.imageUrl}`;

/** What is wrong with a row before any fetch: the error code, or null. */
export function rowProblem(row: ImportRow): AppError | null {
  if (!row.imageUrl) return new AppError('IMAGE_REQUIRED');
  if (row.price && !PRICE.test(row.price)) return new AppError('IMPORT_BAD_PRICE');
  // As add/url: a page link the shop pages and API clients show must not be javascript: or a relative path.
  if (!isPageUrl(row.url)) return new AppError('IMPORT_BAD_URL');
  return null;
}

/** Refuses a source with more rows than one import may have. */
export function checkRowCount(rows: readonly ImportRow[], maxRows: number): void {
  if (rows.length === 0) throw new AppError('IMPORT_SOURCE_UNREADABLE', 'The source has no products.');
  if (rows.length > maxRows) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', `The source has ${rows.length} rows; at most ${maxRows}.`);
  }
}
