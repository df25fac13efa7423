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
    update: async (change: KeyChange) => {
      const result = await update(change);
      if (result.error) notify.error(errorText(result.error, t('keys.updateerror')));
      else notify.success(t('keys.updatesuccess'));
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
