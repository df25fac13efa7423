import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import {
  type KeyChange,
  useAddKeyMutation,
  useDeleteKeyMutation,
  useRollKeyMutation,
  useUpdateKeyMutation,
} from '../api/keys-api.ts';

/** The key calls with their toasts (spec §8: keys.addsuccess, keys.updateerror, ...). */
export function useKeyActions() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [add, addState] = useAddKeyMutation();
  const [update] = useUpdateKeyMutation();
  const [remove, removeState] = useDeleteKeyMutation();
  const [roll, rollState] = useRollKeyMutation();
  return {
    adding: addState.isLoading,
    deleting: removeState.isLoading,
    rolling: rollState.isLoading,
    /** Answers whether the key was made. */
    add: async (kind: 'public' | 'private', name = '') => {
      const result = await add({ kind, name });
      if (result.error) notify.error(errorText(result.error, t('keys.adderror')));
      else notify.success(t('keys.addsuccess'));
      return !result.error;
    },
    /** Answers the new key, or null when the roll was refused. */
    roll: async (key: string, graceHours: number) => {
      const result = await roll({ key, grace_hours: graceHours });
      if (result.error) {
        notify.error(errorText(result.error, t('keys.roll.error')));
        return null;
      }
      notify.success(t('keys.roll.success'));
      return result.data;
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
