import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconEye, IconTrash } from '@tabler/icons-react';
import { shopperUrls } from '@tryon/web';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { InfiniteGrid } from '../../../components/infinite-grid.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ShopPicker } from '../../../components/shop-picker.tsx';
import { openInNewTab } from '../../../lib/browser/open-in-new-tab.ts';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { ALL_SHOPS, rendersApi } from '../api/renders-api.ts';
import { useRemoveRender } from '../hooks/use-remove-render.ts';
import { useLookList } from '../hooks/use-render-lists.ts';
import { useShopFilter } from '../hooks/use-shop-filter.ts';
import { renderCaption } from '../render-caption.ts';
import { RenderCard } from './render-card.tsx';

/** Spec §2 Looks (admin): every shop's finished looks, or one shop's; hover shows the face. */
export function LooksScreen() {
  const { t } = useTranslation();
  const { lang } = useParameters();
  const filter = useShopFilter();
  const list = useLookList(filter.shop);
  const [remove] = rendersApi.useRemoveLookMutation();
  const removal = useRemoveRender(remove, {
    success: t('looks.deletesuccess'),
    error: t('looks.deleteerror'),
  });
  return (
    <>
      <PageHeader title={t('looks.title')}>
        <ShopPicker
          value={filter.shop}
          first={{ value: ALL_SHOPS, label: t('renders.allShops') }}
          shops={filter.shops}
          onChange={filter.setShop}
        />
      </PageHeader>
      <InfiniteGrid
        list={list}
        emptyText={t('looks.empty')}
        errorText={t('looks.error')}
        render={(item) => (
          <RenderCard
            key={item.luid}
            testId="look-card"
            image={item.image}
            sourceImage={item.faceImage}
            alt={t('looks.title')}
            sourceAlt={t('looks.title')}
            caption={renderCaption(item, lang, filter)}
            menu={
              <Menu position="bottom-end" shadow="md" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`${t('looks.title')}: ${item.luid}`}>
                    <IconDotsVertical size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconEye size={16} />}
                    onClick={() => openInNewTab(shopperUrls.lookViewer(item.l))}
                  >
                    {t('looks.open')}
                  </Menu.Item>
                  <Menu.Item
                    color="red.9"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => removal.ask(item.luid)}
                  >
                    {t('app.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            }
          />
        )}
      />
      <ConfirmModal
        opened={removal.pending !== null}
        title={t('looks.deleteTitle')}
        message={t('looks.deleteConfirm')}
        busy={removal.busy}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </>
  );
}
