// No zod here: the front ends' search boxes use these, and a page must not pull in the schemas with them.

/** List filters of spec §3; each can also be given as an emoji prefix on the query. */
export const listFilters = ['recent', 'fav', 'pop', 'new', 'recs'] as const;
export type ListFilter = (typeof listFilters)[number];

/**
 * Emoji prefixes of the search box (spec §3): clock recent, heart favourites, fire popular, lightning new,
 * star recommendations. Variation selectors are ignored.
 */
export const filterEmoji: Record<ListFilter, readonly string[]> = {
  recent: ['🕒', '🕐', '🕑', '🕓', '🕔', '🕕', '🕖', '🕗', '🕘', '🕙', '🕚', '🕛', '⏰', '⏱', '⏲', '🕰'],
  fav: ['❤', '♥', '💖', '💗', '💕', '🧡', '💛', '💚', '💙', '💜', '🖤', '🤍'],
  pop: ['🔥'],
  new: ['⚡'],
  recs: ['⭐', '🌟', '★'],
};

/** Splits an emoji filter prefix off a search query: '🔥 jeans' -> { filter: 'pop', text: 'jeans' }. */
export function parseListQuery(query: string | undefined): { filter: ListFilter | undefined; text: string } {
  const trimmed = (query ?? '').replace(/\uFE0F/g, '').trim();
  for (const filter of listFilters) {
    const emoji = filterEmoji[filter].find((e) => trimmed.startsWith(e));
    if (emoji) return { filter, text: trimmed.slice(emoji.length).trim() };
  }
  return { filter: undefined, text: trimmed };
}

/** Orders of the catalogue lists (a filter keeps its own order). */
export const catalogSorts = ['newest', 'oldest', 'name', 'price'] as const;
export type CatalogSort = (typeof catalogSorts)[number];

/** At most this many ids in one bulk call. */
export const BULK_MAX = 100;
