import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { type CatalogItem, displayName } from '../catalog-item.ts';

export function DeleteItemModal({
  kind,
  item,
  busy,
  onConfirm,
  onClose,
}: {
  kind: 'garment' | 'model';
  item: CatalogItem | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={item !== null}
      title={t(`${kind}.delete.title`)}
      message={t(`${kind}.delete.confirm`, { name: item ? displayName(item, t('catalog.untitled')) : '' })}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
