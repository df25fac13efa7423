import type { Client } from '@tryon/client';
import { type ComponentType, Suspense, useMemo } from 'react';
import { Notice } from '../components/notice.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { ApiProvider } from '../lib/api/api-context.tsx';
import { useBlocked } from '../lib/api/blocked-store.ts';
import { createShopperClient } from '../lib/api/shopper-client.ts';
import { useT } from '../lib/i18n/i18n.ts';
import { Toasts } from '../lib/toast/toasts.tsx';
import type { PageQuery, PageRoute } from '../lib/urls/shopper-urls.ts';
import { BlockedNotice } from './blocked-notice.tsx';
import type { PageProps } from './page-loader.tsx';

/** Pages that work with the shop's public key from the address. */
const needsKey = (page: PageRoute['page']) => page === 'tryon' || page === 'look';

export function App(props: {
  route: PageRoute;
  query: PageQuery;
  Page: ComponentType<PageProps>;
  /** The API client; by default the contract client with the address's key. */
  client?: Client;
}) {
  const { t } = useT();
  const { route, query, Page } = props;
  const blocked = useBlocked();
  const client = useMemo(() => props.client ?? createShopperClient(query.key), [props.client, query.key]);

  let content = (
    <Suspense
      fallback={
        <div className="boot" aria-hidden="true">
          <div className="boot-bar" />
        </div>
      }
    >
      <Page
        query={query}
        suid={route.page === 'shopGarments' || route.page === 'shopModels' ? route.suid : ''}
        guide={route.page === 'guide' ? route.name : 'tryon-widget'}
      />
    </Suspense>
  );
  if (needsKey(route.page) && !query.key)
    content = (
      <PageShell>
        <Notice title={t('blocked.missingKeyTitle')} tone="error">
          <p>{t('blocked.missingKeyText')}</p>
        </Notice>
      </PageShell>
    );
  if (blocked)
    content = (
      <PageShell>
        <BlockedNotice code={blocked} />
      </PageShell>
    );
  return (
    <ApiProvider client={client}>
      {content}
      {/* A blocked page says why in its notice; the failed calls' toasts would only repeat it. */}
      {!blocked && <Toasts />}
    </ApiProvider>
  );
}
