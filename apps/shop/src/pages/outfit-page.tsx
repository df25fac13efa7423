import type { TryOn } from '@tryon/contract';
import { useEffect, useState } from 'react';
import { HeartButton } from '../components/heart-button.tsx';
import { Intro } from '../components/intro.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { ShareLink } from '../components/share-link.tsx';
import { garmentListQuery, garmentQuery, likeGarment } from '../features/catalog/api/catalog-api.ts';
import { useCurrentItems } from '../features/catalog/api/current-item.ts';
import { CurrentItemCard } from '../features/catalog/components/current-item-card.tsx';
import { ItemStrip } from '../features/catalog/components/item-strip.tsx';
import { PhotoButtons } from '../features/faces/components/photo-buttons.tsx';
import { PhotoPanel } from '../features/faces/components/photo-panel.tsx';
import { useFaces } from '../features/faces/hooks/use-faces.ts';
import { startTryOn, waitTryOn } from '../features/renders/api/renders-api.ts';
import { RenderStage } from '../features/renders/components/render-stage.tsx';
import { TryOnHistory } from '../features/renders/components/tryon-history.tsx';
import { useRenderJob } from '../features/renders/hooks/use-render-job.ts';
import { publicShopQuery } from '../features/shop/api/shop-api.ts';
import { errorText } from '../lib/api/error-text.ts';
import type { Call } from '../lib/api/query-cache.ts';
import { skip, useMutation, useQuery } from '../lib/api/use-query.ts';
import { embeddedByScript, emitToHost } from '../lib/embed/host-bridge.ts';
import { formatPrice } from '../lib/i18n/format-price.ts';
import { useT } from '../lib/i18n/i18n.ts';
import { notify } from '../lib/toast/toast-store.ts';
import { absoluteUrl, type PageQuery, shopperUrls } from '../lib/urls/shopper-urls.ts';

const waitFor = (call: Call, item: TryOn, signal: AbortSignal) => waitTryOn(call, item.tuid, signal);
const STRIP_SIZE = 12;

/** The outfit try-on page: the shopper's photo, a garment, and the garment on them. */
export function OutfitPage(props: { query: PageQuery }) {
  const { t, lang } = useT();
  const shop = useQuery(publicShopQuery, null);
  const [code, setCode] = useState(props.query.garment);
  const garment = useQuery(garmentQuery, code ?? skip);
  const current = useCurrentItems().garment;
  const shown = garment.data && garment.data.guid === current ? garment.data : undefined;
  const others = useQuery(garmentListQuery, { query: '', offset: 0, limit: STRIP_SIZE });
  const photos = useFaces();
  const { job, run, show, reset } = useRenderJob({
    start: startTryOn,
    wait: waitFor,
    invalidates: ['Tryon'],
  });
  const [like, likeState] = useMutation(likeGarment);

  useEffect(() => {
    if (garment.error) notify('error', errorText(garment.error));
  }, [garment.error]);
  // The embed script's host hears how a try-on the shopper started ended, refused starts included (nothing
  // without the script); an earlier result shown again from the history (startedAt 0) is not news.
  useEffect(() => {
    if (job.startedAt === 0) return;
    if (job.phase === 'done' && job.item)
      emitToHost({
        type: 'tryon.done',
        detail: { tuid: job.item.tuid, link: absoluteUrl(shopperUrls.tryonViewer(job.item.t)) },
      });
    else if (job.phase === 'failed') emitToHost({ type: 'tryon.failed', detail: { code: job.code } });
  }, [job]);

  const tryOn = () => {
    if (!photos.selected) return notify('warning', t('tryon.noPerson'));
    if (!current) return notify('warning', t('tryon.noGarment'));
    void run({ guid: current, fuid: photos.selected });
  };
  const choose = (next: string) => {
    setCode(next);
    reset();
  };
  const toggleLike = async () => {
    if (!shown) return;
    const result = await like({ guid: shown.guid, like: !shown.liked });
    if (result.error) return notify('error', errorText(result.error));
    notify('success', t(result.data.liked ? 'tryon.liked' : 'tryon.unliked'));
  };
  const busy = job.phase === 'starting' || job.phase === 'queued' || job.phase === 'running';
  const heart = shown && (
    <HeartButton liked={shown.liked} busy={likeState.isLoading} onToggle={() => void toggleLike()} />
  );

  return (
    <PageShell shop={shop.data}>
      {!props.query.hideIntro && (
        <Intro
          title={t('intro.tryon.title')}
          steps={[t('intro.tryon.step1'), t('intro.tryon.step2'), t('intro.tryon.step3')]}
        />
      )}
      <div className="layout">
        <div className="layout-stage">
          <RenderStage
            phase={job.phase}
            startedAt={job.startedAt}
            result={job.item?.image ?? null}
            resultAlt={t('tryon.resultAlt', { name: shown?.name ?? '' })}
            photo={photos.face?.image ?? null}
            photoAlt={t('photo.alt')}
            item={shown?.image ?? null}
            failure={job.failure}
            labels={{ queued: t('tryon.queued'), running: t('tryon.running') }}
            empty={
              <>
                <p>{t('tryon.emptyStage')}</p>
                <PhotoButtons onAdded={photos.select} testId="stage-photo-input" askConsent={false} />
              </>
            }
            footer={
              job.item && (
                <div className="result-actions" data-testid="tryon-result">
                  <span className="result-title">{t('tryon.done')}</span>
                  {heart}
                  <ShareLink path={shopperUrls.tryonViewer(job.item.t)} title={t('tryon.shareTitle')} />
                  {shown && embeddedByScript() && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      data-testid="add-to-cart"
                      onClick={() =>
                        emitToHost({
                          type: 'add-to-cart',
                          detail: { guid: shown.guid, g: shown.g, url: shown.url, sku: shown.sku },
                        })
                      }
                    >
                      {t('embed.addToCart')}
                    </button>
                  )}
                </div>
              )
            }
          />
        </div>
        <div className="layout-side">
          {shown ? (
            <CurrentItemCard
              label={t('catalog.garment')}
              name={shown.name}
              description={shown.description}
              price={formatPrice(shown.price, shop.data?.currency ?? '', lang)}
              url={shown.url}
              image={shown.image}
              actions={heart}
            />
          ) : (
            <section className="panel">
              <p className="hint">
                {garment.isLoading
                  ? t('common.loading')
                  : t(code ? 'catalog.garmentGone' : 'catalog.chooseGarment')}
              </p>
            </section>
          )}
          <button
            type="button"
            className="btn btn-primary btn-wide"
            disabled={busy}
            onClick={tryOn}
            data-testid="tryon-button"
          >
            {busy ? t('tryon.working') : job.phase === 'done' ? t('tryon.again') : t('tryon.button')}
          </button>
          <PhotoPanel
            faces={photos.faces}
            loading={photos.loading}
            selected={photos.selected}
            onSelect={photos.select}
            onRemovedAll={reset}
          />
          <ItemStrip
            title={t('catalog.moreGarments')}
            items={(others.data?.items ?? []).map((g) => ({
              id: g.guid,
              code: g.g,
              name: g.name,
              image: g.image,
            }))}
            selected={current}
            onChoose={choose}
            testId="garment-choice"
          />
          <TryOnHistory current={job.item?.tuid ?? null} onShow={show} />
        </div>
      </div>
    </PageShell>
  );
}
