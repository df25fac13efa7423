/** Spec §4: a page is appended with the items already shown left out (by id). */
export function appendPage<T>(items: readonly T[], page: readonly T[], idOf: (item: T) => string): T[] {
  const seen = new Set(items.map(idOf));
  const fresh: T[] = [];
  for (const item of page) {
    const id = idOf(item);
    if (seen.has(id)) continue;
    seen.add(id);
    fresh.push(item);
  }
  return fresh.length === 0 ? [...items] : [...items, ...fresh];
}

/** Spec §4: paging stops once a page comes back shorter than the page size. */
export const isLastPage = (pageLength: number, pageSize: number) => pageLength < pageSize;
