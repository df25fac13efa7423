import type { Look } from '@tryon/contract';
import { useEffect, useState } from 'react';
import { HeartButton } from '../components/heart-button.tsx';
import { Intro } from '../components/intro.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { ShareLink } from '../components/share-link.tsx';
import { modelListQuery, modelQuery } from '../features/catalog/api/catalog-api.ts';
import { useCurrentItems } from '../features/catalog/api/current-item.ts';
import { CurrentItemCard } from '../features/catalog/components/current-item-card.tsx';
import { ItemStrip } from '../features/catalog/components/item-strip.tsx';
import { PhotoButtons } from '../features/faces/components/photo-buttons.tsx';
import { PhotoPanel } from '../features/faces/components/photo-panel.tsx';
import { useFaces } from '../features/faces/hooks/use-faces.ts';
import { likeLook, startLook, waitLook } from '../features/renders/api/renders-api.ts';
import { LooksGallery } from '../features/renders/components/looks-gallery.tsx';
import { RenderStage } from '../features/renders/components/render-stage.tsx';
import { useRenderJob } from '../features/renders/hooks/use-render-job.ts';
import { publicShopQuery } from '../features/shop/api/shop-api.ts';
import { errorText } from '../lib/api/error-text.ts';
import type { Call } from '../lib/api/query-cache.ts';
import { skip, useMutation, useQuery } from '../lib/api/use-query.ts';
import { useT } from '../lib/i18n/i18n.ts';
import { notify } from '../lib/toast/toast-store.ts';
import { type PageQuery, shopperUrls } from '../lib/urls/shopper-urls.ts';

const waitFor = (call: Call, item: Look, signal: AbortSignal) => waitLook(call, item.luid, signal);
const STRIP_SIZE = 12;

/** The look page: the shopper's face on one of the shop's models, and the looks they saved. */
export function LookPage(props: { query: PageQuery }) {
  const { t } = useT();
  const shop = useQuery(publicShopQuery, null);
  const [code, setCode] = useState(props.query.model);
  const model = useQuery(modelQuery, code ?? skip);
  const current = useCurrentItems().model;
  const shown = model.data && model.data.muid === current ? model.data : undefined;
  const others = useQuery(modelListQuery, { query: '', offset: 0, limit: STRIP_SIZE });
  const photos = useFaces();
  // Spec §4: adding a look refreshes looks and models.
  const { job, run, show, reset } = useRenderJob({
    start: startLook,
    wait: waitFor,
    invalidates: ['Look', 'Model'],
  });
  const [like, likeState] = useMutation(likeLook);

  useEffect(() => {
    if (model.error) notify('error', errorText(model.error));
  }, [model.error]);

  const create = () => {
    if (!photos.selected) return notify('warning', t('tryon.noPerson'));
    if (!current) return notify('warning', t('look.noModel'));
    void run({ fuid: photos.selected, muid: current });
  };
  const toggleLike = async (look: Look) => {
    const result = await like({ luid: look.luid, like: !look.liked });
    if (result.error) return notify('error', errorText(result.error));
    show(result.data);
    notify('success', t(result.data.liked ? 'look.likedToast' : 'look.unlikedToast'));
  };
  const busy = job.phase === 'starting' || job.phase === 'queued' || job.phase === 'running';
  const look = job.item;

  return (
    <PageShell shop={shop.data}>
      {!props.query.hideIntro && (
        <Intro
          title={t('intro.look.title')}
          steps={[t('intro.look.step1'), t('intro.look.step2'), t('intro.look.step3')]}
        />
      )}
      <div className="layout">
        <div className="layout-stage">
          <RenderStage
            phase={job.phase}
            startedAt={job.startedAt}
            result={look?.image ?? null}
            resultAlt={t('look.resultAlt')}
            photo={shown?.image ?? photos.face?.image ?? null}
            photoAlt={shown ? shown.name || t('catalog.model') : t('photo.alt')}
            item={shown ? (photos.face?.image ?? null) : null}
            failure={job.failure}
            labels={{ queued: t('tryon.queued'), running: t('look.running') }}
            empty={
              <>
                <p>{t('look.emptyStage')}</p>
                <PhotoButtons onAdded={photos.select} testId="stage-photo-input" askConsent={false} />
              </>
            }
            footer={
              look && (
                <div className="result-actions" data-testid="look-result">
                  <span className="result-title">{t('look.done')}</span>
                  <HeartButton
                    liked={look.liked}
                    busy={likeState.isLoading}
                    onToggle={() => void toggleLike(look)}
                  />
                  <ShareLink path={shopperUrls.lookViewer(look.l)} title={t('look.shareTitle')} />
                </div>
              )
            }
          />
        </div>
        <div className="layout-side">
          {shown ? (
            <CurrentItemCard
              label={t('catalog.model')}
              name={shown.name}
              description={shown.description}
              url={shown.url}
              image={shown.image}
            />
          ) : (
            <section className="panel">
              <p className="hint">
                {model.isLoading
                  ? t('common.loading')
                  : t(code ? 'catalog.modelGone' : 'catalog.chooseModel')}
              </p>
            </section>
          )}
          <button
            type="button"
            className="btn btn-primary btn-wide"
            disabled={busy}
            onClick={create}
            data-testid="look-button"
          >
            {busy ? t('tryon.working') : job.phase === 'done' ? t('look.again') : t('look.button')}
          </button>
          <PhotoPanel
            faces={photos.faces}
            loading={photos.loading}
            selected={photos.selected}
            onSelect={photos.select}
            onRemovedAll={reset}
          />
          <ItemStrip
            title={t('catalog.moreModels')}
            items={(others.data?.items ?? []).map((m) => ({
              id: m.muid,
              code: m.m,
              name: m.name,
              image: m.image,
            }))}
            selected={current}
            onChoose={(next) => {
              setCode(next);
              reset();
            }}
            testId="model-choice"
          />
          <LooksGallery onShow={show} />
        </div>
      </div>
    </PageShell>
  );
}
