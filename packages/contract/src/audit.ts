import { z } from 'zod';
import { isoDate, limitSchema, listOf, offsetSchema } from './common.ts';
import { AUDIT_PAGE_SIZE } from './constants.ts';
import { defineRoute } from './route.ts';

/** Every kind of change the audit log records. */
export const auditActions = [
  'shop.create',
  'shop.settings',
  'shop.limit',
  'shop.disable',
  'shop.enable',
  'shop.email',
  'shop.balance',
  'plan.change',
  'key.create',
  'key.update',
  'key.roll',
  'key.delete',
  'admin.grant',
  'admin.revoke',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditVias = ['api', 'cli', 'signin'] as const;
export type AuditVia = (typeof auditVias)[number];

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    created: isoDate,
    shop_uid: z.string().nullable().describe('The shop the change concerns'),
    shopName: z.string().nullable(),
    actor: z.string().nullable().describe('The e-mail of who made the change; null for the command line'),
    via: z
      .enum(auditVias)
      .describe('api: the dashboard or the API; cli: npm run admin; signin: ADMIN_EMAILS'),
    action: z.enum(auditActions),
    target: z.string().describe("What was changed: a key's masked hint, a field, an e-mail"),
    from: z.string().nullable().describe('The value before, when there was one (never a secret)'),
    to: z.string().nullable().describe('The value after'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/user/audit',
    access: 'private',
    tags: ['Audit'],
    summary: "Who changed what and when: the shop's audit log, newest first",
    description:
      "Changes of the shop's settings, limits and status, its login e-mail, plan and balance, its keys and " +
      'administrator rights, each written in the same transaction as the change. A shop sees its own entries; ' +
      'administrators may name any shop with `shop_uid`, or `*` for every shop. Entries are kept for ' +
      'AUDIT_RETENTION_DAYS (365 by default).',
    errors: ['SHOP_NOT_FOUND', 'ADMIN_ONLY'],
    query: z.object({
      shop_uid: z.string().min(1).optional().describe("Admins only: another shop's entries, or * for all"),
      offset: offsetSchema,
      limit: limitSchema(AUDIT_PAGE_SIZE),
    }),
    response: listOf(auditEntrySchema).meta({ id: 'AuditList' }),
  }),
};
