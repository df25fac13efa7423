import { tryOnViewQuery } from '../features/renders/api/renders-api.ts';
import { skip, useQuery } from '../lib/api/use-query.ts';
import { useT } from '../lib/i18n/i18n.ts';
import type { PageQuery } from '../lib/urls/shopper-urls.ts';
import { RenderViewer } from './render-viewer.tsx';

/** /w/tryon/view?t=: a try-on someone shared; the token is the whole permission, no key. */
export function TryOnViewerPage(props: { query: PageQuery }) {
  const { t } = useT();
  const token = props.query.tryonToken;
  const view = useQuery(tryOnViewQuery, token ?? skip);
  const item = view.data;
  return (
    <RenderViewer
      title={t('viewer.tryonTitle')}
      intro={t('viewer.tryonIntro')}
      productLabel={t('viewer.garment')}
      hideIntro={props.query.hideIntro}
      loading={view.isLoading && token !== null}
      failed={!token || view.error !== undefined}
      refetch={view.refetch}
      render={
        item && {
          status: item.status,
          errorCode: item.errorCode,
          image: item.image,
          shop: item.shop,
          product: item.product,
        }
      }
    />
  );
}
