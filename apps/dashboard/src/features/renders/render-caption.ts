import { ALL_SHOPS } from './api/renders-api.ts';

/** A card's caption: when it was made, and whose it is when every shop is listed. */
export function renderCaption(
  item: { created: string; suid: string },
  lang: string,
  filter: { shop: string; nameOf: (suid: string) => string },
): string {
  const when = new Date(item.created).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
  return filter.shop === ALL_SHOPS ? `${filter.nameOf(item.suid)} · ${when}` : when;
}
