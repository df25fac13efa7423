import { useState } from 'react';
import type { ApiFailure } from '../../../lib/api/api-error.ts';
import type { PagedList } from '../../../lib/hooks/use-paged-list.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';

/** Confirm, call the server, then drop the item from the list with a toast. */
export function useRemoveRender<T>(
  list: PagedList<T, unknown>,
  remove: (id: string) => Promise<{ error?: unknown }>,
  texts: { success: string; error: string },
) {
  const errorText = useErrorText();
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    pending,
    busy,
    ask: setPending,
    cancel: () => setPending(null),
    confirm: async () => {
      if (!pending) return;
      setBusy(true);
      const result = await remove(pending);
      setBusy(false);
      if (result.error) {
        notify.error(errorText(result.error as ApiFailure, texts.error));
        return;
      }
      list.remove(pending);
      notify.success(texts.success);
      setPending(null);
    },
  };
}
