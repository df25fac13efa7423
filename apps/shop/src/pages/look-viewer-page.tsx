import { lookViewQuery } from '../features/renders/api/renders-api.ts';
import { skip, useQuery } from '../lib/api/use-query.ts';
import { useT } from '../lib/i18n/i18n.ts';
import type { PageQuery } from '../lib/urls/shopper-urls.ts';
import { RenderViewer } from './render-viewer.tsx';

/** /w/look/view?l=: a look someone shared. */
export function LookViewerPage(props: { query: PageQuery }) {
  const { t } = useT();
  const token = props.query.lookToken;
  const view = useQuery(lookViewQuery, token ?? skip);
  const item = view.data;
  return (
    <RenderViewer
      title={t('viewer.lookTitle')}
      intro={t('viewer.lookIntro')}
      productLabel={t('viewer.model')}
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
