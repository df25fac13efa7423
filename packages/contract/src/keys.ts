import { z } from 'zod';
import { flagSchema, isoDate, okSchema } from './common.ts';
import { KEY_NAME_MAX, KEY_ROLL_GRACE_HOURS, KEY_STATUS_ACTIVE, KEY_STATUS_INACTIVE } from './constants.ts';
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
    name: z.string().describe("The owner's name for the key, or ''"),
    lastUsed: isoDate
      .nullable()
      .describe('When the key was last used (to the minute: written at most once a minute), or null'),
    expires: isoDate
      .nullable()
      .describe('A rolled key: when it stops working (its replacement is listed too); otherwise null'),
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
const keyNameInput = z.string().trim().max(KEY_NAME_MAX).describe("The key's name; '' clears it");
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
      name: keyNameInput.optional(),
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
    summary: 'Change one property of a key: active (1/0), allowed_domains (public keys) or name',
    query: z
      .strictObject({
        key: z.string().min(1),
        active: flagSchema.optional(),
        allowed_domains: allowedDomainsInput.optional(),
        name: keyNameInput.optional(),
      })
      .refine((q) => [q.active, q.allowed_domains, q.name].filter((v) => v !== undefined).length === 1, {
        error: 'Give exactly one of active, allowed_domains or name',
      }),
    response: keyEntrySchema,
  }),
  roll: defineRoute({
    method: 'POST',
    path: '/v1/user/key/roll',
    errors: ['KEY_NOT_FOUND', 'KEY_ALREADY_ROLLED'],
    access: 'private',
    tags,
    summary: 'Roll a key: a new secret now, the old one still works for a grace period',
    description:
      'Issues a new key of the same kind, name, allowed domains and status, and answers it (its only copy in ' +
      'clear). The old key keeps working for `grace_hours` (0 stops it at once), then is refused with ' +
      'API_KEY_INVALID. Until then both are listed, the old one with `expires`. A key already rolled cannot be ' +
      'rolled again: roll its replacement.',
    query: z.object({
      key: z.string().min(1),
      grace_hours: z.coerce
        .number<number | string>()
        .int()
        .refine((h) => (KEY_ROLL_GRACE_HOURS as readonly number[]).includes(h), {
          error: `grace_hours must be one of ${KEY_ROLL_GRACE_HOURS.join(', ')}`,
        })
        .default(24),
    }),
    response: keyEntrySchema,
    successStatus: 201,
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
