import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import type { CatalogItem } from '../catalog-item.ts';
import type { CatalogKind } from '../catalog-kinds.ts';
import type { EditValues } from '../components/edit-item-modal.tsx';
import type { CatalogActions } from '../hooks/use-catalog-actions.ts';

/**
 * The card popups: QR, edit and delete. The lists follow by themselves: an edit puts the server's answer into
 * the cached pages, a removal refreshes them.
 */
export function useItemEditing(kind: CatalogKind, actions: CatalogActions) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [qrItem, setQrItem] = useState<CatalogItem | null>(null);
  const [editItem, setEditItem] = useState<CatalogItem | null>(null);
  const [deleteItem, setDeleteItem] = useState<CatalogItem | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const [detailItem, setDetailItem] = useState<CatalogItem | null>(null);

  /** The fields first, then the new photo if one was chosen; a refused photo keeps the popup open. */
  async function save({ file, ...values }: EditValues) {
    if (!editItem) return;
    setSaving(true);
    const result = await actions.update({ id: editItem.id, ...values });
    const photo = result.data && file ? await actions.replaceImage(editItem.id, file) : undefined;
    setSaving(false);
    if (!result.data) {
      notify.error(errorText(result.error, t(`${kind.kind}.update.error`)));
      return;
    }
    if (photo && !photo.data) {
      notify.error(errorText(photo.error, t('edit.photoError')));
      return;
    }
    const saved = photo?.data ?? result.data;
    notify.success(t(`${kind.kind}.update.success`));
    setEditItem(null);
    setDetailItem((open) => (open?.id === saved.id ? saved : open));
  }

  async function confirmDelete() {
    if (!deleteItem) return;
    setDeleting(true);
    const result = await actions.remove(deleteItem.id);
    setDeleting(false);
    if (result.error !== undefined || result.data === undefined) {
      notify.error(errorText(result.error, t(`${kind.kind}.delete.error`)));
      return;
    }
    notify.success(t(`${kind.kind}.delete.success`));
    setDeleteItem(null);
    setDetailItem(null);
  }

  return {
    qrItem,
    setQrItem,
    editItem,
    setEditItem,
    deleteItem,
    setDeleteItem,
    detailItem,
    setDetailItem,
    saving,
    deleting,
    save,
    confirmDelete,
  };
}
