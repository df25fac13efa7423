import { filterEmoji, type ListFilter, parseListQuery } from '@tryon/contract';

export interface Suggestion {
  /** i18n key under catalog.suggestion */
  key:
    | 'recent'
    | 'favorites'
    | 'popular'
    | 'tshirt'
    | 'jeans'
    | 'dress'
    | 'sweater'
    | 'jacket'
    | 'blouse'
    | 'trousers'
    | 'shorts'
    | 'skirt'
    | 'coat';
  /** What choosing it puts in the search box. */
  query: string;
}

const emojiOf = (filter: ListFilter) => filterEmoji[filter][0] ?? '';

/** The filters of spec §3 as chips, each with its emoji. */
export const filterChips: readonly { filter: ListFilter; emoji: string }[] = (
  ['fav', 'recent', 'pop', 'recs', 'new'] as const
).map((filter) => ({ filter, emoji: emojiOf(filter) }));

export const filterSuggestions: readonly Suggestion[] = [
  { key: 'recent', query: `${emojiOf('recent')} ` },
  { key: 'favorites', query: `${emojiOf('fav')} ` },
  { key: 'popular', query: `${emojiOf('pop')} ` },
];

/** Spec §2: recent, favorites, popular, then the common categories, then the earlier quick categories. */
export const garmentSuggestions: readonly Suggestion[] = [
  ...filterSuggestions,
  { key: 'tshirt', query: 't-shirt' },
  { key: 'jeans', query: 'jeans' },
  { key: 'dress', query: 'dress' },
  { key: 'sweater', query: 'sweater' },
  { key: 'jacket', query: 'jacket' },
  { key: 'blouse', query: 'blouse' },
  { key: 'trousers', query: 'trousers' },
  { key: 'shorts', query: 'shorts' },
  { key: 'skirt', query: 'skirt' },
  { key: 'coat', query: 'coat' },
];

/** Spec §4: suggestions matching the typed text, case-insensitively, by their label. */
export const matchSuggestions = <S extends { label: string }>(all: readonly S[], text: string): S[] => {
  const needle = parseListQuery(text).text.toLowerCase();
  return needle ? all.filter((s) => s.label.toLowerCase().includes(needle)) : [...all];
};

/** The query with its filter emoji replaced (or removed when `filter` is undefined). */
export function withFilter(query: string, filter: ListFilter | undefined): string {
  const { text } = parseListQuery(query);
  return filter ? `${emojiOf(filter)} ${text}`.trimEnd() : text;
}
