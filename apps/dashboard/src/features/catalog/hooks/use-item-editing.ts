import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import type { CatalogItem } from '../catalog-item.ts';
import type { CatalogKind } from '../catalog-kinds.ts';
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

  async function save(values: { description: string; url: string }) {
    if (!editItem) return;
    setSaving(true);
    const result = await actions.update({ id: editItem.id, ...values });
    setSaving(false);
    if (!result.data) {
      notify.error(errorText(result.error, t(`${kind.kind}.update.error`)));
      return;
    }
    notify.success(t(`${kind.kind}.update.success`));
    setEditItem(null);
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
  }

  return {
    qrItem,
    setQrItem,
    editItem,
    setEditItem,
    deleteItem,
    setDeleteItem,
    saving,
    deleting,
    save,
    confirmDelete,
  };
}
