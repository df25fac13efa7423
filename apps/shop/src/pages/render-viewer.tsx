import type { RenderStatus, SharedTryOn } from '@tryon/contract';
import { useEffect } from 'react';
import { ItemImage } from '../components/item-image.tsx';
import { Notice } from '../components/notice.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { Spinner } from '../components/spinner.tsx';
import { renderErrorText } from '../lib/api/error-text.ts';
import { useT } from '../lib/i18n/i18n.ts';

/** A shared render: the result, the shop and its product; never the shopper's photo (the API does not send it). */
export interface ViewedRender {
  status: RenderStatus;
  errorCode: string | null;
  image: string | null;
  shop: SharedTryOn['shop'];
  product: SharedTryOn['product'];
}

const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/** Seconds between looks at a render that is still being made. */
const POLL_MS = 2000;

/** A shared try-on or look, seen through its viewer token: the picture and what it was made from. */
export function RenderViewer(props: {
  title: string;
  intro: string;
  /** What the product is: Garment or Model. */
  productLabel: string;
  hideIntro: boolean;
  render: ViewedRender | undefined;
  loading: boolean;
  failed: boolean;
  refetch: () => void;
}) {
  const { t } = useT();
  const { render, refetch } = props;
  const pending = render?.status === 'queued' || render?.status === 'running';
  // Each answer (a new `render`) schedules the next look while it is pending.
  const polled = render;
  useEffect(() => {
    if (!pending || !polled) return;
    const timer = setTimeout(refetch, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, refetch, polled]);

  let body: React.ReactNode;
  if (props.loading) body = <Spinner />;
  else if (props.failed || !render) body = <Notice title={t('viewer.notFound')} tone="error" />;
  else
    body = (
      <article className="viewer" data-testid="viewer">
        {!props.hideIntro && <p className="viewer-intro">{props.intro}</p>}
        <h1 className="viewer-title">{props.title}</h1>
        <div className="stage-frame viewer-frame">
          {render.status === 'done' ? (
            <ItemImage src={render.image} alt={props.title} className="stage-image" eager />
          ) : render.status === 'failed' ? (
            <p className="stage-empty">{renderErrorText(render.errorCode)}</p>
          ) : (
            <div className="stage-empty">
              <Spinner label={t('viewer.pending')} />
              <p>{t('viewer.pending')}</p>
            </div>
          )}
        </div>
        {render.product && (
          <section className="panel item-card" aria-label={props.productLabel} data-testid="viewer-product">
            {render.product.image && (
              <ItemImage
                src={render.product.image}
                size="thumb"
                alt={render.product.name || props.productLabel}
                className="item-card-image"
              />
            )}
            <div className="item-card-body">
              <span className="eyebrow">{props.productLabel}</span>
              <h2 className="item-card-name">{render.product.name || props.productLabel}</h2>
              {safeUrl(render.product.url) && (
                <a className="link" href={safeUrl(render.product.url)} target="_blank" rel="noopener">
                  {t('viewer.atShop', { shop: render.shop.name })}
                </a>
              )}
            </div>
          </section>
        )}
      </article>
    );
  const shop = render && { name: render.shop.name, url: render.shop.url, logo: '' };
  return (
    <PageShell shop={shop} title={t('app.title')}>
      {body}
    </PageShell>
  );
}
