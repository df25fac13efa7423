import { z } from 'zod';
import { flagSchema, isoDate, limitSchema, listOf, offsetSchema, okSchema } from './common.ts';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_TEST_EVENT, webhookEventTypes } from './constants.ts';
import { defineRoute } from './route.ts';

const eventTypeSchema = z.enum(webhookEventTypes);

/** Comma-separated event types, e.g. `tryon.completed,look.completed`. */
const eventListInput = z
  .string()
  .max(500)
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(eventTypeSchema).min(1, 'Give at least one event type'));

const urlInput = z.string().trim().min(1).max(2000);

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(eventTypeSchema),
    enabled: z.boolean(),
    disabledReason: z
      .enum(['failing'])
      .nullable()
      .describe(
        '"failing": turned off by the server after days of failed deliveries; the owner was e-mailed',
      ),
    failingSince: isoDate.nullable().describe('Since when every delivery failed; null once one succeeds'),
    created: isoDate,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe('whsec_...: shown only in this answer; roll it to get a new one') })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z
  .object({
    attempt: z.number().int(),
    at: isoDate,
    statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when none came"),
    latencyMs: z.number().int(),
    responseExcerpt: z.string().describe('The first 500 characters of the answer'),
    error: z.string().nullable().describe('Why no answer came: timeout, refused address, connection error'),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    type: z.string(),
    status: z.enum(['pending', 'running', 'succeeded', 'failed']),
    nextAttempt: isoDate.nullable(),
    created: isoDate,
    attempts: z.array(webhookAttemptSchema).describe('Every attempt, oldest first'),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const tags = ['Webhooks'] as const;
const endpointId = z.string().min(1).max(100);

export const webhookRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/webhook/list',
    access: 'private',
    tags,
    summary: "The shop's webhook endpoints (secrets are never listed)",
    response: listOf(webhookEndpointSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/v1/webhook/add',
    access: 'private',
    tags,
    summary: 'Register an endpoint; the answer shows its signing secret, once',
    description: `At most ${MAX_WEBHOOK_ENDPOINTS} endpoints a shop. \`events\` is comma-separated: ${webhookEventTypes.join(', ')}.`,
    query: z.object({ url: urlInput, events: eventListInput, enabled: flagSchema.default(1) }),
    response: webhookEndpointWithSecretSchema,
    successStatus: 201,
    errors: ['WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_LIMIT_REACHED'],
  }),
  update: defineRoute({
    method: 'POST',
    path: '/v1/webhook/update',
    access: 'private',
    tags,
    summary: 'Change the URL, the events, or enable (1) / disable (0) an endpoint',
    query: z.strictObject({
      id: endpointId,
      url: urlInput.optional(),
      events: eventListInput.optional(),
      enabled: flagSchema.optional(),
    }),
    response: webhookEndpointSchema,
    errors: ['NOT_FOUND', 'WEBHOOK_URL_NOT_ALLOWED', 'UNKNOWN_FIELD'],
  }),
  roll: defineRoute({
    method: 'POST',
    path: '/v1/webhook/roll',
    access: 'private',
    tags,
    summary: 'Replace the signing secret; the old one stops signing at once',
    query: z.object({ id: endpointId }),
    response: webhookEndpointWithSecretSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/v1/webhook/delete',
    access: 'private',
    tags,
    summary: 'Delete an endpoint and its delivery log',
    query: z.object({ id: endpointId }),
    response: okSchema,
    errors: ['NOT_FOUND'],
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/v1/webhook/deliveries',
    access: 'private',
    tags,
    summary: "An endpoint's delivery log, newest first, each with its attempts",
    query: z.object({ id: endpointId, offset: offsetSchema, limit: limitSchema(20, 100) }),
    response: listOf(webhookDeliverySchema),
    errors: ['NOT_FOUND'],
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/v1/webhook/resend',
    access: 'private',
    tags,
    summary: 'Deliver the event of a delivery again (same event id), now',
    query: z.object({ delivery: z.string().min(1).max(100) }),
    response: webhookDeliverySchema,
    successStatus: 202,
    errors: ['NOT_FOUND'],
  }),
  test: defineRoute({
    method: 'POST',
    path: '/v1/webhook/test',
    access: 'private',
    tags,
    summary: `Send a "${WEBHOOK_TEST_EVENT}" event to an endpoint, now`,
    query: z.object({ id: endpointId }),
    response: webhookDeliverySchema,
    successStatus: 202,
    errors: ['NOT_FOUND'],
  }),
  oneOffSecret: defineRoute({
    method: 'POST',
    path: '/v1/webhook/oneoff/roll',
    access: 'private',
    tags,
    summary: 'A new secret for the one-off `webhook_url` of try-on and look calls; shown once',
    response: z.object({ secret: z.string() }).meta({ id: 'WebhookSecret' }),
  }),
};
