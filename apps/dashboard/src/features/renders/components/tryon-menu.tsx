import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDotsVertical,
  IconDownload,
  IconEye,
  IconMoodSmile,
  IconShirt,
  IconTrash,
} from '@tabler/icons-react';
import type { TryOn } from '@tryon/contract';
import { shopperUrls } from '@tryon/web';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../../../lib/browser/download.ts';
import { openInNewTab } from '../../../lib/browser/open-in-new-tab.ts';
import type { SourceView } from './source-view-modal.tsx';

/**
 * Spec §2 try-on menu. "View garment" and "View model" open the source in a dialog. The contract has no video
 * of a try-on yet, so "download video" is not offered.
 */
export function TryonMenu({
  item,
  onDelete,
  onView,
}: {
  item: TryOn;
  onDelete: () => void;
  onView: (view: SourceView) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`${t('tryons.title')}: ${item.tuid}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconEye size={16} />}
          onClick={() => openInNewTab(shopperUrls.tryonViewer(item.t))}
        >
          {t('tryons.open')}
        </Menu.Item>
        {item.garmentImage && (
          <Menu.Item
            leftSection={<IconShirt size={16} />}
            onClick={() =>
              item.garmentImage &&
              onView({ title: t('tryons.garment'), image: item.garmentImage, id: item.guid ?? item.tuid })
            }
          >
            {t('tryons.viewGarment')}
          </Menu.Item>
        )}
        {item.personImage && (
          <Menu.Item
            leftSection={<IconMoodSmile size={16} />}
            onClick={() =>
              item.personImage &&
              onView({
                title: item.muid ? t('tryons.model') : t('tryons.shopperPhoto'),
                image: item.personImage,
                id: item.muid ?? item.fuid ?? item.tuid,
              })
            }
          >
            {t('tryons.viewModel')}
          </Menu.Item>
        )}
        {item.image && (
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() => item.image && downloadUrl(item.image, `${item.tuid}.webp`)}
          >
            {t('tryons.downloadImage')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {t('app.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
