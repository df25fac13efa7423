import { z } from 'zod';
import {
  emailSchema,
  flagSchema,
  isoDate,
  limitSchema,
  listOf,
  offsetSchema,
  webUrlSchema,
} from './common.ts';
import { SHOP_LIST_MAX, tariffIds } from './constants.ts';
import { defineRoute } from './route.ts';

export const shopEntrySchema = z
  .object({
    shop_uid: z.string(),
    email: z.string(),
    name: z.string(),
    logo: z.string(),
    url: z.string(),
    currency: z.string().describe("ISO 4217 code of the shop's prices, or empty"),
    access_key: z
      .string()
      .nullable()
      .describe("The shop's oldest active public key (private keys never leave the Keys screen)"),
    referral: z.string(),
    tariff: z.enum(tariffIds),
    tryon_balance: z.number().int().min(0),
    garments_count: z.number().int(),
    tryon_count: z.number().int(),
    clients_count: z.number().int(),
    limit_garment_daily: z.number().int(),
    limit_tryon_daily: z.number().int(),
    limit_tryon_daily_per_client: z.number().int(),
    limit_person_daily: z.number().int(),
    limit_person_daily_per_client: z.number().int(),
    limit_search_daily: z.number().int(),
    limit_import_daily: z
      .number()
      .int()
      .nullable()
      .describe("Items the shop's imports may add a day; null: limit_garment_daily"),
    disabled: z.boolean(),
    created: isoDate,
  })
  .meta({ id: 'Shop' });
export type ShopEntry = z.infer<typeof shopEntrySchema>;

const limit = z.coerce.number<number | string>().int().min(0).max(10_000_000);

/** Fields of the shop form (spec §3) that `/v1/shop/update` accepts, one per call. */
export const shopUpdateFields = {
  name: z.string().trim().min(1).max(200),
  mail: emailSchema,
  logo: webUrlSchema.describe("The shop's logo image (http or https), or empty"),
  url: webUrlSchema.describe("The shop's own site (http or https), or empty"),
  referral: z.string().trim().max(200),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{3})?$/, 'currency: a three-letter ISO 4217 code such as EUR, or empty')
    .describe("The currency of the shop's prices, shown with them on the shopper pages"),
  limit_garment_daily: limit,
  limit_tryon_daily: limit,
  tryOnLimit: limit.describe('Alias of limit_tryon_daily'),
  limit_tryon_daily_per_client: limit,
  limit_person_daily: limit,
  limit_person_daily_per_client: limit,
  limit_search_daily: limit,
  limit_import_daily: z
    .union([z.literal(''), limit])
    .describe("Admins only: items the shop's imports may add a day; empty: the daily garment limit"),
  tryon_balance: z.coerce
    .number<number | string>()
    .int()
    .max(100_000_000)
    .describe('Admins only; values below 0 are saved as 0'),
  disabled: flagSchema.describe('Admins only; 1 disables the shop and all its keys'),
};
export type ShopUpdateField = keyof typeof shopUpdateFields;
/** Fields only an administrator may change. */
export const adminOnlyShopFields: readonly ShopUpdateField[] = [
  'mail',
  'referral',
  'limit_garment_daily',
  'limit_import_daily',
  'tryon_balance',
  'disabled',
];

const optionalShopFields = Object.fromEntries(
  Object.entries(shopUpdateFields).map(([name, schema]) => [name, schema.optional()]),
) as { [K in ShopUpdateField]: z.ZodOptional<(typeof shopUpdateFields)[K]> };

const shopUpdateQuery = z
  .strictObject({
    shop_uid: z.string().optional().describe("Defaults to the caller's shop; admins may name any shop"),
    ...optionalShopFields,
  })
  .refine(
    (q) => Object.keys(shopUpdateFields).filter((k) => q[k as ShopUpdateField] !== undefined).length === 1,
    {
      error: 'Give exactly one field to change',
    },
  );

export const publicShopSchema = z
  .object({
    suid: z.string(),
    name: z.string(),
    logo: z.string(),
    url: z.string(),
    currency: z.string().describe("ISO 4217 code of the shop's prices, or empty"),
    retention_days: z
      .number()
      .positive()
      .describe(
        "Days a shopper's photo, and the try-ons and looks made from it, are kept before they are deleted " +
          '(RETENTION_DAYS); the photo wording says it',
      ),
  })
  .meta({ id: 'PublicShop' });

/** A shop's public page (spec §1): what the public garments and models pages need, found by the shop id alone. */
export const shopPageSchema = publicShopSchema
  .extend({
    key: z
      .string()
      .describe(
        "The shop's page key: its oldest active public key. Public keys are public by design; the shop's own " +
          'pages on this server are always an allowed domain for them.',
      ),
  })
  .meta({ id: 'ShopPage' });
export type ShopPage = z.infer<typeof shopPageSchema>;

const tags = ['Shops'] as const;

export const shopDetailSchema = z
  .object({
    shop: shopEntrySchema,
    keys: z.object({
      public: z.number().int().describe('Public keys, active or not'),
      private: z.number().int().describe('Private keys, active or not'),
      active: z.number().int().describe('Keys of either kind that work'),
    }),
    catalog: z.object({ garments: z.number().int(), models: z.number().int() }),
    renders: z.object({
      tryons: z.number().int().describe('Try-ons kept, of any status'),
      looks: z.number().int().describe('Looks kept, of any status'),
      failed: z.number().int().describe('Try-ons and looks kept that failed'),
    }),
  })
  .meta({ id: 'ShopDetail' });
export type ShopDetail = z.infer<typeof shopDetailSchema>;

export const shopRoutes = {
  publicInfo: defineRoute({
    method: 'GET',
    path: '/v1/shop/public',
    access: 'shopper',
    tags,
    summary: "The shop's name, logo and site, for the shopper pages",
    response: publicShopSchema,
  }),
  page: defineRoute({
    method: 'GET',
    path: '/v1/shop/page/:suid',
    errors: ['SHOP_NOT_FOUND'],
    access: 'none',
    tags,
    summary: "A shop's public page: name, logo, site and page key, by shop id; no key needed",
    description:
      'For the public garments and models pages, which carry only the shop id. SHOP_NOT_FOUND (404) for an ' +
      'unknown or disabled shop, or one without an active public key.',
    params: z.object({ suid: z.string().min(1).max(100) }),
    response: shopPageSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/v1/shop/update',
    errors: [
      'SHOP_NOT_FOUND',
      'FIELD_NOT_EDITABLE',
      'EMAIL_TAKEN',
      'INVALID_ALLOWED_DOMAINS',
      'UNKNOWN_FIELD',
    ],
    access: 'private',
    tags,
    summary: 'Change one field of a shop',
    description: `One name=value among: ${Object.keys(shopUpdateFields).join(', ')}. Owners change their own shop, and not ${adminOnlyShopFields.join(', ')}.`,
    query: shopUpdateQuery,
    response: shopEntrySchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/v1/shop/list',
    access: 'admin',
    tags,
    summary: 'All shops (admins)',
    description: 'Newest first; query matches e-mail, name or shop id, case-insensitively.',
    query: z.object({
      query: z.string().trim().max(200).optional(),
      offset: offsetSchema,
      limit: limitSchema(100, SHOP_LIST_MAX),
    }),
    response: listOf(shopEntrySchema),
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/v1/shop/detail/:suid',
    errors: ['SHOP_NOT_FOUND'],
    access: 'admin',
    tags,
    summary: "One shop's settings, limits and counts (admins)",
    description:
      'The shop as the list has it, with how many keys, garments, models, try-ons and looks it has. Its ' +
      'statistics and renders come from /v1/user/stats?shop_uid= and /v1/tryon/list?shop=.',
    params: z.object({ suid: z.string().min(1).max(100) }),
    response: shopDetailSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/v1/shop/add',
    errors: ['SHOP_EXISTS', 'EMAIL_TAKEN'],
    access: 'admin',
    tags,
    summary: 'Create a shop for an e-mail (admins)',
    description: 'The owner signs in with that e-mail later. allowed_domains goes to the new public key.',
    query: z.object({
      email: emailSchema,
      name: z.string().trim().min(1).max(200),
      allowed_domains: z.string().max(4000).optional(),
    }),
    response: shopEntrySchema,
    successStatus: 201,
  }),
};
