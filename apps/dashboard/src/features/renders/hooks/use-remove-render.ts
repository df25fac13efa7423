import { useState } from 'react';
import type { ApiFailure } from '../../../lib/api/api-error.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';

/** Confirm, call the server (whose tag refreshes the list), then a toast. */
export function useRemoveRender(
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
      notify.success(texts.success);
      setPending(null);
    },
  };
}
