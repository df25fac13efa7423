import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

const r = routeTable.webhooks;

export interface EndpointChange {
  id: string;
  url?: string;
  events?: string;
  enabled?: 0 | 1;
}

/** The webhooks screen: endpoints (tag Webhook) and each endpoint's delivery log (tag Webhook, id = endpoint). */
export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    webhookEndpoints: build.query<WebhookEndpoint[], void>({
      query: () => callArgs(r.list, {}),
      transformResponse: (page: { items: WebhookEndpoint[] }) => page.items,
      providesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    addWebhookEndpoint: build.mutation<WebhookEndpointWithSecret, { url: string; events: string }>({
      query: (input) => callArgs(r.add, { query: input }),
      invalidatesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    updateWebhookEndpoint: build.mutation<WebhookEndpoint, EndpointChange>({
      query: (change) => callArgs(r.update, { query: change }),
      invalidatesTags: (_result, _error, change) => [
        { type: 'Webhook', id: 'LIST' },
        { type: 'Webhook', id: change.id },
      ],
    }),
    rollWebhookSecret: build.mutation<WebhookEndpointWithSecret, string>({
      query: (id) => callArgs(r.roll, { query: { id } }),
    }),
    deleteWebhookEndpoint: build.mutation<{ ok: true }, string>({
      query: (id) => callArgs(r.remove, { query: { id } }),
      invalidatesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    rollOneOffSecret: build.mutation<{ secret: string }, void>({
      query: () => callArgs(r.oneOffSecret, {}),
    }),
    webhookDeliveries: build.query<WebhookDelivery[], string>({
      query: (id) => callArgs(r.deliveries, { query: { id, limit: 50 } }),
      transformResponse: (page: { items: WebhookDelivery[] }) => page.items,
      providesTags: (_result, _error, id) => [{ type: 'Webhook', id }],
    }),
    sendWebhookTest: build.mutation<WebhookDelivery, string>({
      query: (id) => callArgs(r.test, { query: { id } }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Webhook', id }],
    }),
    resendWebhookDelivery: build.mutation<WebhookDelivery, { endpointId: string; delivery: string }>({
      query: ({ delivery }) => callArgs(r.resend, { query: { delivery } }),
      invalidatesTags: (_result, _error, { endpointId }) => [{ type: 'Webhook', id: endpointId }],
    }),
  }),
});

export const {
  useWebhookEndpointsQuery,
  useAddWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useRollWebhookSecretMutation,
  useRollOneOffSecretMutation,
  useDeleteWebhookEndpointMutation,
  useWebhookDeliveriesQuery,
  useSendWebhookTestMutation,
  useResendWebhookDeliveryMutation,
} = webhooksApi;
