import type { ClientError } from '@tryon/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import type { BulkAnswer } from '../api/catalog-api.ts';
import type { CatalogActions } from './use-catalog-actions.ts';

/**
 * Multi-select on the grid and what it does: one server call for all selected items (a bulk route checks the
 * shop of each id in one transaction), then the lists refresh through their tag.
 */
export function useBulkActions(actions: CatalogActions) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const toggle = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const clear = () => setSelected(new Set());

  async function run(call: () => Promise<{ data?: BulkAnswer; error?: ClientError | undefined }>) {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (!result.data) {
      notify.error(errorText(result.error, t('catalog.bulkError')));
      return false;
    }
    notify.success(t('catalog.bulkDone', { count: result.data.done }));
    if (result.data.not_found.length > 0)
      notify.info(t('catalog.bulkNotFound', { count: result.data.not_found.length }));
    clear();
    return true;
  }

  const ids = () => [...selected];
  return {
    selected,
    toggle,
    clear,
    selectAll: (all: readonly string[]) => setSelected(new Set(all)),
    busy,
    confirming,
    askDelete: () => setConfirming(true),
    cancelDelete: () => setConfirming(false),
    remove: async () => {
      if (await run(() => actions.bulkRemove(ids()))) setConfirming(false);
    },
    categorize: actions.bulkCategorize
      ? (category: string) => run(() => actions.bulkCategorize?.(ids(), category) ?? Promise.resolve({}))
      : undefined,
  };
}
