import { ActionIcon, Menu } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  IconCopy,
  IconDotsVertical,
  IconExternalLink,
  IconFingerprint,
  IconPencil,
  IconQrcode,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../lib/browser/open-in-new-tab.ts';
import { notify } from '../../../lib/notify/notify.ts';
import type { CatalogItem } from '../catalog-item.ts';

export interface ItemMenuProps {
  item: CatalogItem;
  name: string;
  kind: 'garment' | 'model';
  /** The shopper page of this item, or null while the shop has no active public key. */
  shopperUrl: string | null;
  onQr: (item: CatalogItem) => void;
  onEdit: (item: CatalogItem) => void;
  onDelete: (item: CatalogItem) => void;
}

/** Spec §2 card menu: try on, QR, own URL, copy code, id, edit, delete. */
export function ItemMenu({ item, name, kind, shopperUrl, onQr, onEdit, onDelete }: ItemMenuProps) {
  const { t } = useTranslation();
  const clipboard = useClipboard();
  const failure = useRef('');
  const copy = (text: string, failureText: string) => {
    failure.current = failureText;
    clipboard.copy(text);
  };
  // One toast per copy: the hook's state is reset after each, so the next copy shows again.
  const { copied, error, reset } = clipboard;
  useEffect(() => {
    if (!copied && !error) return;
    if (copied) notify.success(t('clipboard.success'));
    else notify.error(failure.current);
    reset();
  }, [copied, error, reset, t]);

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={230}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('catalog.menu', { name })}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconSparkles size={16} />}
          disabled={!shopperUrl}
          title={shopperUrl ? undefined : t('card.noKey')}
          onClick={() => shopperUrl && openInNewTab(shopperUrl)}
        >
          {t(`${kind}.tryOn`)}
        </Menu.Item>
        <Menu.Item leftSection={<IconQrcode size={16} />} disabled={!shopperUrl} onClick={() => onQr(item)}>
          {t('card.viewQr')}
        </Menu.Item>
        {item.url && (
          <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => openInNewTab(item.url)}>
            {t('card.openUrl')}
          </Menu.Item>
        )}
        {item.code && (
          <Menu.Item
            leftSection={<IconCopy size={16} />}
            onClick={() => copy(item.code, t('clipboard.codeError'))}
          >
            {t('card.copyCode')}: {item.code}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconFingerprint size={16} />}
          onClick={() => copy(item.id, t('clipboard.error'))}
        >
          {t(`${kind}.id`)}: {item.id}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(item)}>
          {t('card.edit')}
        </Menu.Item>
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} />} onClick={() => onDelete(item)}>
          {t('card.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
