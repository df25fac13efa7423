import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import {
  type KeyChange,
  useAddKeyMutation,
  useDeleteKeyMutation,
  useUpdateKeyMutation,
} from '../api/keys-api.ts';

/** The key calls with their toasts (spec §8: keys.addsuccess, keys.updateerror, ...). */
export function useKeyActions() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [add, addState] = useAddKeyMutation();
  const [update] = useUpdateKeyMutation();
  const [remove, removeState] = useDeleteKeyMutation();
  return {
    adding: addState.isLoading,
    deleting: removeState.isLoading,
    add: async (kind: 'public' | 'private') => {
      const result = await add({ kind });
      if (result.error) notify.error(errorText(result.error, t('keys.adderror')));
      else notify.success(t('keys.addsuccess'));
    },
    /** Answers why the server refused the change (shown beside the field), or null once saved. */
    update: async (change: KeyChange): Promise<string | null> => {
      const result = await update(change);
      if (!result.error) {
        notify.success(t('keys.updatesuccess'));
        return null;
      }
      const reason = errorText(result.error, t('keys.updateerror'));
      notify.error(reason);
      return reason;
    },
    remove: async (key: string) => {
      const result = await remove(key);
      if (result.error) notify.error(errorText(result.error, t('keys.deleteerror')));
      else notify.success(t('keys.deletesuccess'));
      return !result.error;
    },
  };
}

export type KeyActions = ReturnType<typeof useKeyActions>;
