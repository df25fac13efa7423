import { type GuideName, guideNames } from '@tryon/web';

// The builders live in @tryon/web, shared with the dashboard; the pages are chosen here by what they build.
export { absoluteUrl, type GuideName, guideNames, shopperUrls } from '@tryon/web';

/** The page an address shows, with what its path carries; the query is read by each page. */
export type PageRoute =
  | { page: 'tryon' }
  | { page: 'look' }
  | { page: 'tryonView' }
  | { page: 'lookView' }
  | { page: 'shopGarments'; suid: string }
  | { page: 'shopModels'; suid: string }
  | { page: 'guide'; name: GuideName }
  | { page: 'notFound' };

const isGuide = (name: string): name is GuideName => (guideNames as readonly string[]).includes(name);

export function matchPage(pathname: string): PageRoute {
  const path = pathname.replace(/\/+$/, '');
  switch (path) {
    case '/w/tryon':
      return { page: 'tryon' };
    case '/w/look':
      return { page: 'look' };
    case '/w/tryon/view':
      return { page: 'tryonView' };
    case '/w/look/view':
      return { page: 'lookView' };
  }
  const shop = /^\/w\/shop\/([^/]+)\/(garments|models)$/.exec(path);
  if (shop?.[1] && shop[2]) {
    const suid = decodeURIComponent(shop[1]);
    return shop[2] === 'garments' ? { page: 'shopGarments', suid } : { page: 'shopModels', suid };
  }
  const guide = /^\/w\/guide\/([a-z-]+)$/.exec(path)?.[1];
  if (guide && isGuide(guide)) return { page: 'guide', name: guide };
  return { page: 'notFound' };
}

/** The query parameters the pages read. */
export function pageQuery(search: string) {
  const q = new URLSearchParams(search);
  const text = (name: string) => q.get(name)?.trim() || null;
  return {
    garment: text('g'),
    model: text('m'),
    key: text('key'),
    tryonToken: text('t'),
    lookToken: text('l'),
    hideIntro: q.get('hideIntro') === '1',
  };
}
export type PageQuery = ReturnType<typeof pageQuery>;
