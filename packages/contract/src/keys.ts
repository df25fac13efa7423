import { z } from 'zod';
import { flagSchema, isoDate, okSchema } from './common.ts';
import { KEY_STATUS_ACTIVE, KEY_STATUS_INACTIVE } from './constants.ts';
import { defineRoute } from './route.ts';

export const keyKindSchema = z.enum(['public', 'private']);
export type KeyKind = z.infer<typeof keyKindSchema>;

export const keyEntrySchema = z
  .object({
    apiKey: z.string(),
    kind: keyKindSchema,
    created: isoDate,
    status: z
      .union([z.literal(KEY_STATUS_ACTIVE), z.literal(KEY_STATUS_INACTIVE)])
      .describe('0 active, -1 inactive'),
    allowedDomains: z
      .string()
      .nullable()
      .describe('Public keys: comma-separated hosts, *.host for subdomains, * for any. Private keys: null'),
  })
  .meta({ id: 'KeyEntry' });
export type KeyEntry = z.infer<typeof keyEntrySchema>;

export const accountSchema = z
  .object({
    suid: z.string(),
    activeApiKeys: z.object({ private: z.array(keyEntrySchema), public: z.array(keyEntrySchema) }),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

const allowedDomainsInput = z.string().max(4000);
const tags = ['Keys'] as const;

export const keyRoutes = {
  account: defineRoute({
    method: 'GET',
    path: '/v1/user/account',
    access: 'private',
    tags,
    summary: "The shop id and the shop's keys (deleted keys are not listed)",
    response: accountSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/v1/user/key/add',
    errors: ['INVALID_ALLOWED_DOMAINS'],
    access: 'private',
    tags,
    summary: 'Create a key',
    description: 'A public key starts with allowed domains "*" unless given; a private key has none.',
    query: z.object({
      kind: keyKindSchema.default('public'),
      allowed_domains: allowedDomainsInput.optional(),
    }),
    response: keyEntrySchema,
    successStatus: 201,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/v1/user/key/update',
    errors: ['KEY_NOT_FOUND', 'INVALID_ALLOWED_DOMAINS', 'UNKNOWN_FIELD'],
    access: 'private',
    tags,
    summary: 'Change one property of a key: active (1/0) or allowed_domains (public keys)',
    query: z
      .strictObject({
        key: z.string().min(1),
        active: flagSchema.optional(),
        allowed_domains: allowedDomainsInput.optional(),
      })
      .refine((q) => (q.active === undefined) !== (q.allowed_domains === undefined), {
        error: 'Give exactly one of active or allowed_domains',
      }),
    response: keyEntrySchema,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/v1/user/key/delete',
    errors: ['KEY_NOT_FOUND'],
    access: 'private',
    tags,
    summary: 'Delete a key; it stops working at once',
    query: z.object({ key: z.string().min(1) }),
    response: okSchema,
  }),
};
