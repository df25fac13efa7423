import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { InfiniteGrid } from '../../../components/infinite-grid.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { rendersApi } from '../api/renders-api.ts';
import { useRemoveRender } from '../hooks/use-remove-render.ts';
import { useTryonList } from '../hooks/use-render-lists.ts';
import { RenderCard } from './render-card.tsx';
import { TryonMenu } from './tryon-menu.tsx';

/** Spec §2 Try-ons (admin): the shop's finished try-ons; hover shows the garment. */
export function TryonsScreen() {
  const { t } = useTranslation();
  const { lang } = useParameters();
  const list = useTryonList();
  const [remove] = rendersApi.useRemoveTryonMutation();
  const removal = useRemoveRender(remove, {
    success: t('tryons.deletesuccess'),
    error: t('tryons.deleteerror'),
  });
  return (
    <>
      <PageHeader title={t('tryons.title')} />
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
            caption={new Date(item.created).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' })}
            menu={<TryonMenu item={item} onDelete={() => removal.ask(item.tuid)} />}
          />
        )}
      />
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
