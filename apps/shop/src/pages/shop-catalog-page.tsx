import { useMemo } from 'react';
import { Notice } from '../components/notice.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { Spinner } from '../components/spinner.tsx';
import { CatalogBrowser } from '../features/catalog/components/catalog-browser.tsx';
import { shopPageQuery } from '../features/shop/api/shop-api.ts';
import { ApiProvider } from '../lib/api/api-context.tsx';
import { createShopperClient } from '../lib/api/shopper-client.ts';
import { useQuery } from '../lib/api/use-query.ts';
import { useT } from '../lib/i18n/i18n.ts';
import { shopperUrls } from '../lib/urls/shopper-urls.ts';

/**
 * A shop's public garments or models page (/w/shop/<suid>/garments|models): found by the shop id alone, read
 * with the shop's page key, each card opening the try-on or look page.
 */
export function ShopCatalogPage(props: { suid: string; kind: 'garments' | 'models' }) {
  const { t } = useT();
  const page = useQuery(shopPageQuery, props.suid);
  const key = page.data?.key ?? null;
  const client = useMemo(() => (key ? createShopperClient(key) : null), [key]);

  if (page.isLoading)
    return (
      <PageShell>
        <Spinner />
      </PageShell>
    );
  if (!page.data || !client)
    return (
      <PageShell>
        <Notice title={t('shop.notFound')} tone="error" />
      </PageShell>
    );
  return (
    <ApiProvider client={client}>
      <PageShell shop={page.data} wide>
        <div className="catalog-head">
          <h1 className="catalog-title">
            {t(props.kind === 'garments' ? 'shop.garmentsTitle' : 'shop.modelsTitle')}
          </h1>
          <nav className="tabs" aria-label={t('shop.sections')}>
            <a
              className="tab"
              aria-current={props.kind === 'garments' ? 'page' : undefined}
              href={shopperUrls.shopGarments(props.suid)}
            >
              {t('shop.garmentsTitle')}
            </a>
            <a
              className="tab"
              aria-current={props.kind === 'models' ? 'page' : undefined}
              href={shopperUrls.shopModels(props.suid)}
            >
              {t('shop.modelsTitle')}
            </a>
          </nav>
        </div>
        <p className="catalog-lead">
          {t(props.kind === 'garments' ? 'shop.garmentsLead' : 'shop.modelsLead')}
        </p>
        <CatalogBrowser kind={props.kind} pageKey={page.data.key} currency={page.data.currency} />
      </PageShell>
    </ApiProvider>
  );
}
