import { importCsvColumns } from '@tryon/contract';
import { AppError } from '../../lib/app-error.ts';
import { type ImportRow, importRow } from './import-row.ts';

/** Splits CSV text into records (RFC 4180: quoted fields may hold separators, quotes and line breaks). */
export function parseDelimited(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new AppError('IMPORT_SOURCE_UNREADABLE', 'A quoted field is not closed.');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => r.some((value) => value.trim() !== ''));
}

/** Header names taken for each field, besides the documented ones. */
const aliases: Record<keyof ImportRow, readonly string[]> = {
  sku: ['sku', 'id'],
  name: ['name', 'title'],
  description: ['description'],
  category: ['category', 'product_type', 'product type'],
  price: ['price'],
  imageUrl: ['image_url', 'image url', 'image', 'image_link', 'image link'],
  url: ['product_url', 'product url', 'url', 'link'],
};

/** Rows of a table whose first record is the header; the columns may come in any order. */
export function rowsOfTable(records: string[][]): ImportRow[] {
  const [header, ...body] = records;
  if (!header) throw new AppError('IMPORT_SOURCE_UNREADABLE', 'The file is empty.');
  const names = header.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const columnOf = (field: keyof ImportRow) => names.findIndex((n) => aliases[field].includes(n));
  const image = columnOf('imageUrl');
  if (image < 0) {
    throw new AppError(
      'IMPORT_SOURCE_UNREADABLE',
      `Columns: ${importCsvColumns.join(', ')} (image_url is required).`,
    );
  }
  const fields = Object.keys(aliases) as (keyof ImportRow)[];
  return body.map((record) =>
    importRow(
      Object.fromEntries(fields.map((f) => [f, record[columnOf(f)]]).filter(([, v]) => v !== undefined)),
    ),
  );
}

/** A CSV file: comma or semicolon separated (whichever the header uses), UTF-8. */
export function parseCsv(bytes: Buffer): ImportRow[] {
  const text = bytes.toString('utf8');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  return rowsOfTable(parseDelimited(text, separator));
}

/** The template the dashboard offers: the header and one example row. */
export const csvTemplate = (): string =>
  `${importCsvColumns.join(',')}\nSKU-1,Linen shirt,"Loose fit, white",shirt,39.90 EUR,https://shop.example/img/sku-1.jpg,https://shop.example/p/sku-1\n`;
