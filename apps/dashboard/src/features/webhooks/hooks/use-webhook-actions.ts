import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import {
  type EndpointChange,
  useAddWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useResendWebhookDeliveryMutation,
  useRollOneOffSecretMutation,
  useRollWebhookSecretMutation,
  useSendWebhookTestMutation,
  useUpdateWebhookEndpointMutation,
} from '../api/webhooks-api.ts';

/** The webhook calls with their toasts; the ones that make a secret answer it, to be shown once. */
export function useWebhookActions() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [add, addState] = useAddWebhookEndpointMutation();
  const [update] = useUpdateWebhookEndpointMutation();
  const [roll] = useRollWebhookSecretMutation();
  const [rollOneOff] = useRollOneOffSecretMutation();
  const [remove, removeState] = useDeleteWebhookEndpointMutation();
  const [test] = useSendWebhookTestMutation();
  const [resend] = useResendWebhookDeliveryMutation();
  return {
    adding: addState.isLoading,
    deleting: removeState.isLoading,
    add: async (url: string, events: string[]): Promise<string | null> => {
      const result = await add({ url, events: events.join(',') });
      if (result.error) {
        notify.error(errorText(result.error, t('webhooks.addError')));
        return null;
      }
      return result.data.secret;
    },
    update: async (change: EndpointChange) => {
      const result = await update(change);
      if (result.error) notify.error(errorText(result.error, t('webhooks.updateError')));
      else notify.success(t('webhooks.updated'));
    },
    roll: async (id: string): Promise<string | null> => {
      const result = await roll(id);
      if (result.error) {
        notify.error(errorText(result.error, t('webhooks.updateError')));
        return null;
      }
      return result.data.secret;
    },
    rollOneOff: async (): Promise<string | null> => {
      const result = await rollOneOff();
      if (result.error) {
        notify.error(errorText(result.error, t('webhooks.updateError')));
        return null;
      }
      return result.data.secret;
    },
    remove: async (id: string) => {
      const result = await remove(id);
      if (result.error) notify.error(errorText(result.error, t('webhooks.deleteError')));
      else notify.success(t('webhooks.deleted'));
      return !result.error;
    },
    sendTest: async (id: string) => {
      const result = await test(id);
      if (result.error) notify.error(errorText(result.error, t('webhooks.sendError')));
      else notify.success(t('webhooks.testQueued'));
    },
    resend: async (endpointId: string, delivery: string) => {
      const result = await resend({ endpointId, delivery });
      if (result.error) notify.error(errorText(result.error, t('webhooks.sendError')));
      else notify.success(t('webhooks.resendQueued'));
    },
  };
}

export type WebhookActions = ReturnType<typeof useWebhookActions>;
