import { AppError } from '../../lib/app-error.ts';
import { parseDelimited, rowsOfTable } from './csv-source.ts';
import { type ImportRow, importRow } from './import-row.ts';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(raw: string): string {
  const cdata = raw.match(/^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/);
  if (cdata) return cdata[1] ?? '';
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return entities[name] ?? whole;
  });
}

/** The text of the first element named `tag` (with or without the g: namespace) inside `xml`. */
function elementText(xml: string, ...tags: string[]): string {
  for (const tag of tags) {
    const match = xml.match(new RegExp(`<(?:g:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:g:)?${tag}>`));
    if (match) return decodeXmlText(match[1] ?? '');
  }
  return '';
}

/** An Atom entry's page: `<link href="..."/>` that is not rel="self" or another non-page relation. */
function atomLink(xml: string): string {
  for (const [tag] of xml.matchAll(/<link\s[^>]*>/g)) {
    const rel = tag.match(/\srel\s*=\s*["']([^"']*)["']/)?.[1] ?? 'alternate';
    const href = tag.match(/\shref\s*=\s*["']([^"']*)["']/)?.[1];
    if (rel === 'alternate' && href !== undefined) return decodeXmlText(href);
  }
  return '';
}

/** A Merchant Center XML feed: RSS 2.0 `<item>`s or Atom `<entry>`s (Atom's own link and summary) with g: attributes. */
function parseXmlFeed(text: string): ImportRow[] {
  const items = text.match(/<(item|entry)[\s>][\s\S]*?<\/\1>/g) ?? [];
  return items.map((item) =>
    importRow({
      sku: elementText(item, 'id'),
      name: elementText(item, 'title'),
      description: elementText(item, 'description', 'summary'),
      category: elementText(item, 'product_type', 'google_product_category'),
      price: elementText(item, 'sale_price', 'price'),
      imageUrl: elementText(item, 'image_link'),
      url: elementText(item, 'link') || atomLink(item),
    }),
  );
}

/** A Google Merchant Center feed, XML or tab-separated (whose header names the same attributes). */
export function parseMerchantFeed(bytes: Buffer): ImportRow[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('<')) {
    const rows = parseXmlFeed(text);
    if (rows.length === 0)
      throw new AppError('IMPORT_SOURCE_UNREADABLE', 'The feed has no <item> or <entry>.');
    return rows;
  }
  if (!text.split(/\r?\n/, 1)[0]?.includes('\t')) {
    throw new AppError('IMPORT_SOURCE_UNREADABLE', 'A feed is XML or tab-separated text.');
  }
  return rowsOfTable(parseDelimited(text, '\t'));
}
