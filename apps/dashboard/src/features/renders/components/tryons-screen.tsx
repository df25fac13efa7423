import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { InfiniteGrid } from '../../../components/infinite-grid.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ShopPicker } from '../../../components/shop-picker.tsx';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { ALL_SHOPS, rendersApi } from '../api/renders-api.ts';
import { useRemoveRender } from '../hooks/use-remove-render.ts';
import { useTryonList } from '../hooks/use-render-lists.ts';
import { useShopFilter } from '../hooks/use-shop-filter.ts';
import { renderCaption } from '../render-caption.ts';
import { RenderCard } from './render-card.tsx';
import { type SourceView, SourceViewModal } from './source-view-modal.tsx';
import { TryonMenu } from './tryon-menu.tsx';

/** Spec §2 Try-ons (admin): every shop's finished try-ons, or one shop's; hover shows the garment. */
export function TryonsScreen() {
  const { t } = useTranslation();
  const { lang } = useParameters();
  const filter = useShopFilter();
  const list = useTryonList(filter.shop);
  const [view, setView] = useState<SourceView | null>(null);
  const [remove] = rendersApi.useRemoveTryonMutation();
  const removal = useRemoveRender(remove, {
    success: t('tryons.deletesuccess'),
    error: t('tryons.deleteerror'),
  });
  return (
    <>
      <PageHeader title={t('tryons.title')}>
        <ShopPicker
          value={filter.shop}
          first={{ value: ALL_SHOPS, label: t('renders.allShops') }}
          shops={filter.shops}
          onChange={filter.setShop}
        />
      </PageHeader>
      <InfiniteGrid
        list={list}
        emptyText={t('tryons.empty')}
        errorText={t('tryons.error')}
        render={(item) => (
          <RenderCard
            key={item.tuid}
            testId="tryon-card"
            image={item.image}
            sourceImage={item.garmentImage}
            alt={t('tryons.title')}
            sourceAlt={t('tryons.viewGarment')}
            caption={renderCaption(item, lang, filter)}
            menu={<TryonMenu item={item} onDelete={() => removal.ask(item.tuid)} onView={setView} />}
          />
        )}
      />
      <SourceViewModal view={view} onClose={() => setView(null)} />
      <ConfirmModal
        opened={removal.pending !== null}
        title={t('tryons.deleteTitle')}
        message={t('tryons.deleteConfirm')}
        busy={removal.busy}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </>
  );
}
