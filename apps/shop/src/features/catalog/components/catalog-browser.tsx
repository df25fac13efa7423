import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { skip, useQuery } from '../../../lib/api/use-query.ts';
import { formatPrice } from '../../../lib/i18n/format-price.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { shopperUrls } from '../../../lib/urls/shopper-urls.ts';
import { garmentListQuery, modelListQuery } from '../api/catalog-api.ts';
import { CatalogGrid, type GridItem } from './catalog-grid.tsx';

const PAGE_SIZE = 24;
const SEARCH_DEBOUNCE_MS = 500;

type Kind = 'garments' | 'models';

/** One page of the grid: its own cached query, so pages already seen stay when the next one loads. */
function CatalogPage(props: {
  kind: Kind;
  query: string;
  offset: number;
  pageKey: string;
  currency: string;
  onLoaded: (offset: number, more: boolean, count: number) => void;
}) {
  const { t, lang } = useT();
  const args = { query: props.query, offset: props.offset, limit: PAGE_SIZE };
  const garments = useQuery(garmentListQuery, props.kind === 'garments' ? args : skip);
  const models = useQuery(modelListQuery, props.kind === 'models' ? args : skip);
  const list = props.kind === 'garments' ? garments : models;
  const { onLoaded, offset } = props;
  const count = list.data?.items.length;
  const more = list.data ? list.data.nextOffset !== null : false;
  useEffect(() => {
    if (count !== undefined) onLoaded(offset, more, count);
  }, [count, more, offset, onLoaded]);

  const items: GridItem[] =
    props.kind === 'garments'
      ? (garments.data?.items ?? []).map((g) => ({
          id: g.guid,
          name: g.name,
          description: g.description,
          price: formatPrice(g.price, props.currency, lang),
          image: g.image,
          href: shopperUrls.garmentTryon(g.g, props.pageKey, { hideIntro: false }),
          stats: g.stats,
        }))
      : (models.data?.items ?? []).map((m) => ({
          id: m.muid,
          name: m.name,
          description: m.description,
          image: m.image,
          href: shopperUrls.modelLook(m.m, props.pageKey, { hideIntro: false }),
          stats: m.stats,
        }));
  return (
    <CatalogGrid
      items={items}
      actionLabel={props.kind === 'garments' ? t('shop.tryOn') : t('shop.createLook')}
    />
  );
}

/**
 * A shop's garments or models: a search box and a grid that loads the next page as its end comes near
 * (200 px, spec §9), with a button for browsers that do not scroll it into view.
 */
export function CatalogBrowser(props: { kind: Kind; pageKey: string; currency: string }) {
  const { t } = useT();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const [state, setState] = useState({ more: false, loaded: 0, total: 0 });
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const next = input.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPages(1);
      setState({ more: false, loaded: 0, total: 0 });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, query]);

  const onLoaded = useRef((offset: number, more: boolean, count: number) => {
    const page = offset / PAGE_SIZE + 1;
    setState((s) => (page >= s.loaded ? { more, loaded: page, total: offset + count } : s));
  }).current;

  const canLoad = state.more && state.loaded === pages;
  const offsets = Array.from({ length: pages }, (_, i) => i * PAGE_SIZE);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setPages((p) => p + 1);
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad]);

  return (
    <>
      <div className="search">
        <input
          type="search"
          className="input"
          placeholder={t('shop.search')}
          aria-label={t('shop.search')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
      </div>
      <ul className="grid" data-testid="catalog-grid">
        {offsets.map((offset) => (
          <CatalogPage
            key={`${query}-${offset}`}
            kind={props.kind}
            query={query}
            offset={offset}
            pageKey={props.pageKey}
            currency={props.currency}
            onLoaded={onLoaded}
          />
        ))}
      </ul>
      {state.loaded < pages && <Spinner />}
      {state.loaded === pages && state.total === 0 && (
        <p className="hint center">{query ? t('shop.noResults') : t('shop.empty')}</p>
      )}
      <div ref={sentinel} />
      {canLoad && (
        <button type="button" className="btn btn-ghost btn-center" onClick={() => setPages((p) => p + 1)}>
          {t('common.showMore')}
        </button>
      )}
    </>
  );
}
