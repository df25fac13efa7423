import { type ComponentType, lazy } from 'react';
import type { GuideName, PageQuery, PageRoute } from '../lib/urls/shopper-urls.ts';

export interface PageProps {
  query: PageQuery;
  suid: string;
  guide: GuideName;
}

type Loader = () => Promise<ComponentType<PageProps>>;

/** Each page is a chunk of its own; the one an address needs starts loading before React renders. */
const loaders: Record<PageRoute['page'], Loader> = {
  tryon: () =>
    import('../pages/outfit-page.tsx').then((m) => (p: PageProps) => <m.OutfitPage query={p.query} />),
  look: () => import('../pages/look-page.tsx').then((m) => (p: PageProps) => <m.LookPage query={p.query} />),
  tryonView: () =>
    import('../pages/tryon-viewer-page.tsx').then((m) => (p: PageProps) => (
      <m.TryOnViewerPage query={p.query} />
    )),
  lookView: () =>
    import('../pages/look-viewer-page.tsx').then((m) => (p: PageProps) => (
      <m.LookViewerPage query={p.query} />
    )),
  shopGarments: () =>
    import('../pages/shop-catalog-page.tsx').then((m) => (p: PageProps) => (
      <m.ShopCatalogPage suid={p.suid} kind="garments" />
    )),
  shopModels: () =>
    import('../pages/shop-catalog-page.tsx').then((m) => (p: PageProps) => (
      <m.ShopCatalogPage suid={p.suid} kind="models" />
    )),
  guide: () =>
    import('../pages/guide-page.tsx').then((m) => (p: PageProps) => (
      <m.GuidePage name={p.guide} query={p.query} />
    )),
  notFound: () => import('../pages/not-found-page.tsx').then((m) => () => <m.NotFoundPage />),
};

export function loadPage(page: PageRoute['page']) {
  const started = loaders[page]();
  return lazy(() => started.then((component) => ({ default: component })));
}
