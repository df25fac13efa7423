import { z } from 'zod';
import { isoDate, limitSchema, listOf, offsetSchema } from './common.ts';
import { MAX_PAGE_SIZE, pageSizes } from './constants.ts';
import { personCheckErrors } from './errors.ts';
import { BULK_MAX, catalogSorts, listFilters } from './list-query.ts';
import { defineRoute } from './route.ts';

export const itemStatsSchema = z.object({ likes: z.number().int(), tryons: z.number().int() });

const catalogFields = {
  name: z.string(),
  description: z.string(),
  url: z.string().describe('The product page'),
  sku: z.string().nullable(),
  image: z
    .string()
    .describe(
      'Signed image path, valid for an hour: add &width=64, &width=384&height=384, or nothing for full size',
    ),
  width: z.number().int(),
  height: z.number().int(),
  stats: itemStatsSchema,
  liked: z.boolean().describe('Shopper calls: whether this shopper liked it; false for the dashboard'),
  created: isoDate,
};

export const garmentSchema = z
  .object({
    guid: z.string(),
    g: z.string().describe('Public code, used in shareable links'),
    category: z.string(),
    price: z.string(),
    ...catalogFields,
  })
  .meta({ id: 'Garment' });
export type Garment = z.infer<typeof garmentSchema>;

export const modelSchema = z
  .object({
    muid: z.string(),
    m: z.string().describe('Public code, used in shareable links'),
    ...catalogFields,
  })
  .meta({ id: 'Model' });
export type Model = z.infer<typeof modelSchema>;

/** The longest value the catalogue keeps in each field (add, edit and catalogue imports alike). */
export const catalogFieldMax = {
  name: 200,
  description: 5000,
  url: 2000,
  sku: 200,
  category: 100,
  price: 40,
} as const;

/** A product page URL the catalogue keeps: http(s), or empty. */
export const isPageUrl = (value: string): boolean => value === '' || /^https?:\/\//i.test(value);

const text = (max: number) => z.string().trim().max(max);
const pageUrl = z
  .string()
  .trim()
  .max(catalogFieldMax.url)
  .refine(isPageUrl, { error: 'must be an http(s) URL' });
const imageUrl = z.string().trim().min(1).max(2000);
const skuSchema = text(catalogFieldMax.sku).min(1);

/** A price as the catalogue keeps it when edited: a plain number with up to two decimals, or empty. */
const priceSchema = z
  .string()
  .trim()
  .regex(/^(\d{1,9}(\.\d{1,2})?)?$/, { error: 'BAD_PRICE' })
  .describe('A number such as 19.99 (shown with the shop currency), or empty');

const bulkIds = z
  .string()
  .trim()
  .min(1)
  .max(BULK_MAX * 110)
  .describe(`Ids (or public codes), comma-separated, at most ${BULK_MAX}`);

export const bulkAnswerSchema = z.object({
  done: z.number().int().describe('How many items were changed or removed'),
  not_found: z.array(z.string()).describe("Ids that are not this shop's items (nothing was done to them)"),
});

const listQuery = (defaultLimit: number) =>
  z.object({
    query: text(200).optional().describe('Case-insensitive text search; may start with a filter emoji'),
    filter: z
      .enum([...listFilters, 'stats'])
      .optional()
      .describe('See the API guide for what each filter means'),
    sort: z
      .enum(catalogSorts)
      .optional()
      .describe(
        'newest (default), oldest, name (A-Z) or price (lowest first, no price last); without a filter',
      ),
    offset: offsetSchema,
    limit: limitSchema(defaultLimit, MAX_PAGE_SIZE),
  });

const catalogListOf = <T extends z.ZodType>(item: T) =>
  listOf(item).extend({
    total: z
      .number()
      .int()
      .optional()
      .describe('How many items match the query and filter; on the first page (offset 0) only'),
  });

const itemParams = <N extends 'guid' | 'muid'>(name: N) =>
  z.object({ [name]: z.string().min(1).max(100).describe('The id, or the public code') }) as z.ZodObject<
    Record<N, z.ZodString>
  >;

const editFields = {
  name: text(catalogFieldMax.name).optional(),
  description: text(catalogFieldMax.description).optional(),
  url: pageUrl.optional(),
};
// Strict: a field an update does not know is refused (UNKNOWN_FIELD), not silently ignored.
const garmentEditQuery = z.strictObject({
  ...editFields,
  category: text(catalogFieldMax.category).optional(),
  price: priceSchema.optional(),
});
const modelEditQuery = z.strictObject(editFields);

const imageErrors = [
  'IMAGE_REQUIRED',
  'IMAGE_TOO_LARGE',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNREADABLE',
  'STORAGE_UNAVAILABLE',
] as const;

/** Multipart and URL add: the fields of the dashboard's add form besides the image. */
const addFields = {
  name: text(catalogFieldMax.name).optional(),
  description: text(catalogFieldMax.description).optional(),
  url: pageUrl.optional(),
  sku: skuSchema.optional(),
};

const garmentAddQuery = z.object({
  ...addFields,
  category: text(catalogFieldMax.category).optional(),
  price: text(catalogFieldMax.price).optional(),
});
const modelAddQuery = z.object(addFields);
const garmentUrlQuery = garmentAddQuery.extend({
  garment_url: imageUrl.optional().describe('The image URL'),
});
const modelUrlQuery = modelAddQuery.extend({
  model_image_url: imageUrl.optional().describe('The image URL'),
  model_url: imageUrl.optional().describe('The image URL (alias of model_image_url)'),
});

/** The id parameter of each kind: `guid` of garments, `muid` of models. */
type IdName<K extends 'garment' | 'model'> = K extends 'garment' ? 'guid' : 'muid';
function catalogRoutes<
  K extends 'garment' | 'model',
  I extends z.ZodObject,
  A extends z.ZodObject,
  U extends z.ZodObject,
  E extends z.ZodObject,
>(kind: K, item: I, addQuery: A, urlQuery: U, editQuery: E) {
  const idName = (kind === 'garment' ? 'guid' : 'muid') as IdName<K>;
  const tags = [kind === 'garment' ? 'Garments' : 'Models'] as const;
  const params = itemParams(idName);
  const label = kind === 'garment' ? 'garment' : 'model';
  return {
    add: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/add`,
      access: 'private',
      tags,
      summary: `Add a ${label} by uploading its image (multipart/form-data)`,
      description:
        'The image goes in the file part `file` (jpg, png, webp or avif, at most 10 MB); the other fields may be ' +
        'form parts or query parameters.',
      query: addQuery,
      files: [{ name: 'file', description: 'The image; a single file part of another name is taken too' }],
      response: item,
      successStatus: 201,
      errors: ['DAILY_LIMIT_REACHED', ...(kind === 'model' ? personCheckErrors : [])],
    }),
    addUrl: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/add/url`,
      access: 'shopper',
      tags,
      summary: `Get or create a ${label} from an image URL`,
      description:
        `Fetches the image and creates the ${label}, or returns the existing one for the same product: the same ` +
        'sku, else the same page url, else the same image URL. Public keys may call it from product pages; their ' +
        "creations count against the shop's daily garment limit.",
      query: urlQuery,
      response: item,
      errors: [
        'IMAGE_REQUIRED',
        'URL_NOT_ALLOWED',
        'URL_FETCH_FAILED',
        'URL_FETCH_TIMEOUT',
        'URL_NOT_IMAGE',
        'IMAGE_TOO_LARGE',
        'IMAGE_TYPE_NOT_ALLOWED',
        'IMAGE_TOO_SMALL',
        'IMAGE_TOO_MANY_PIXELS',
        'IMAGE_UNREADABLE',
        'DAILY_LIMIT_REACHED',
        'STORAGE_UNAVAILABLE',
        ...(kind === 'model' ? personCheckErrors : []),
      ],
    }),
    get: defineRoute({
      method: 'GET',
      path: `/v1/${kind}/:${idName}`,
      access: 'shopper',
      tags,
      summary: `One ${label}, by id or public code`,
      params,
      response: item,
      errors: ['NOT_FOUND'],
    }),
    list: defineRoute({
      method: 'GET',
      path: `/v1/${kind}/list`,
      access: 'shopper',
      tags,
      summary: `The shop's ${label}s`,
      query: listQuery(kind === 'garment' ? pageSizes.garments : pageSizes.models),
      response: catalogListOf(item),
    }),
    update: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/update/:${idName}`,
      access: 'private',
      tags,
      summary: `Change the name, description or page url${kind === 'garment' ? ', category or price' : ''} of a ${label}; answers the new values`,
      description: 'Only the fields sent change; an empty value clears a field.',
      params,
      query: editQuery,
      response: item,
      errors:
        kind === 'garment' ? ['NOT_FOUND', 'BAD_PRICE', 'UNKNOWN_FIELD'] : ['NOT_FOUND', 'UNKNOWN_FIELD'],
    }),
    updateImage: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/update-image/:${idName}`,
      access: 'private',
      tags,
      summary: `Replace the image of a ${label} (multipart/form-data), keeping its id, code and stats`,
      description:
        'The new image goes in the file part `file`, with the checks of an add. Printed QR codes and shared ' +
        'links keep working: they carry the public code, which does not change; image links answered before ' +
        'the change show the new image. The old files are deleted once the new one is committed.',
      params,
      files: [
        { name: 'file', description: 'The new image; a single file part of another name is taken too' },
      ],
      response: item,
      errors: ['NOT_FOUND', ...imageErrors, ...(kind === 'model' ? personCheckErrors : [])],
    }),
    bulkRemove: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/bulk/remove`,
      access: 'private',
      tags,
      summary: `Delete several ${label}s and their images in one call`,
      description:
        `Ids of another shop, or unknown ones, are left alone and listed in not_found; the rest are removed ` +
        'together.',
      query: z.object({ ids: bulkIds }),
      response: bulkAnswerSchema,
    }),
    remove: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/remove/:${idName}`,
      access: 'private',
      tags,
      summary: `Delete a ${label} and its images`,
      params,
      response: z.object({ ok: z.literal(true) }),
      errors: ['NOT_FOUND'],
    }),
    like: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/like/:${idName}`,
      access: 'shopper',
      tags,
      summary: `The shopper likes a ${label} (the fav filter lists them)`,
      params,
      response: item,
      errors: ['NOT_FOUND'],
    }),
    unlike: defineRoute({
      method: 'POST',
      path: `/v1/${kind}/unlike/:${idName}`,
      access: 'shopper',
      tags,
      summary: `The shopper takes a like back`,
      params,
      response: item,
      errors: ['NOT_FOUND'],
    }),
  };
}

export const garmentRoutes = {
  ...catalogRoutes('garment', garmentSchema, garmentAddQuery, garmentUrlQuery, garmentEditQuery),
  bulkUpdate: defineRoute({
    method: 'POST',
    path: '/v1/garment/bulk/update',
    access: 'private',
    tags: ['Garments'],
    summary: 'Set the category of several garments in one call',
    description:
      'Ids of another shop, or unknown ones, are left alone and listed in not_found; the rest change together.',
    query: z.object({ ids: bulkIds, category: text(catalogFieldMax.category) }),
    response: bulkAnswerSchema,
  }),
};
export const modelRoutes = catalogRoutes('model', modelSchema, modelAddQuery, modelUrlQuery, modelEditQuery);
