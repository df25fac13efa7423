import { z } from 'zod';
import { isoDate, limitSchema, listOf, offsetSchema } from './common.ts';
import { defineRoute } from './route.ts';

/** The columns of a CSV import, in the template's order; only the image URL is required. */
export const importCsvColumns = [
  'sku',
  'name',
  'description',
  'category',
  'price',
  'image_url',
  'product_url',
] as const;

const kindSchema = z.enum(['garment', 'model']);

export const catalogImportSchema = z
  .object({
    id: z.string(),
    shop: z.string().describe("The shop's suid"),
    kind: kindSchema,
    source: z.enum(['csv', 'merchant', 'shopify']),
    sourceUrl: z.string().nullable(),
    status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
    error: z.string().nullable().describe('Error code when the whole source could not be read'),
    removeMissing: z
      .boolean()
      .describe('Items this source created earlier and no longer lists are removed at the end'),
    dailySync: z.boolean().describe('The source (a feed or store URL) is re-imported daily'),
    rows: z.object({
      total: z.number().int().describe('0 until a feed or store URL has been read'),
      done: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
      skipped: z.number().int().describe('Unchanged since the last import'),
      failed: z.number().int(),
      removed: z.number().int().describe('Items removed because they left the source'),
    }),
    created: isoDate,
    finished: isoDate.nullable(),
  })
  .meta({ id: 'CatalogImport' });
export type CatalogImport = z.infer<typeof catalogImportSchema>;

export const importReportRowSchema = z
  .object({
    row: z
      .number()
      .int()
      .describe(
        '1-based position in the source (CSV: line after the header); removed items follow the source',
      ),
    key: z.string().describe('sku:..., url:... or image:...'),
    outcome: z.enum(['pending', 'created', 'updated', 'skipped', 'failed', 'removed']),
    error: z.string().nullable().describe('The error code of a failed row'),
    details: z
      .record(z.string(), z.union([z.number(), z.string()]))
      .nullable()
      .describe(
        "Values the error's text names, as an error body's details: IMAGE_TOO_SMALL gives width, height, minWidth and minHeight (px)",
      ),
    item: z.string().nullable().describe('guid or muid of the item'),
  })
  .meta({ id: 'ImportReportRow' });
export type ImportReportRow = z.infer<typeof importReportRowSchema>;

const tags = ['Imports'] as const;
const importId = z.object({ iuid: z.string().min(1).max(100) });
const urlInput = z.string().trim().min(1).max(2000);
const flag = z.enum(['0', '1']).default('0');
const listKind = kindSchema.optional().describe('Only the imports of garments, or of models');
const removeMissing = flag.describe(
  '1: remove the items this source created in earlier imports that it no longer lists (with their images)',
);

export const importRoutes = {
  csv: defineRoute({
    method: 'POST',
    path: '/v1/import/csv',
    access: 'private',
    tags,
    summary: 'Import garments or models from a CSV file; runs in the background',
    description: `Multipart form with the file part \`file\` (UTF-8, comma or semicolon separated, header row). Columns: ${importCsvColumns.join(', ')}; only image_url is required. Each row is keyed by sku, else product_url, else image_url: importing again updates changed rows and adds new ones.`,
    files: [{ name: 'file', description: 'The CSV file' }],
    query: z.object({ kind: kindSchema.default('garment'), removeMissing }),
    response: catalogImportSchema,
    successStatus: 202,
    errors: ['IMPORT_TOO_MANY_ROWS', 'IMPORT_SOURCE_UNREADABLE', 'IMPORT_FILE_TOO_LARGE'],
  }),
  url: defineRoute({
    method: 'POST',
    path: '/v1/import/url',
    access: 'private',
    tags,
    summary:
      'Import from a Google Merchant Center feed (XML or TSV) or a Shopify store; runs in the background',
    description:
      'source=merchant: the feed URL. source=shopify: the store URL (its public /products.json is read). ' +
      'The source is fetched by the job; if it cannot be read, the import ends failed with its error code.',
    query: z.object({
      kind: kindSchema.default('garment'),
      source: z.enum(['merchant', 'shopify']),
      url: urlInput,
      removeMissing,
      daily: flag.describe('1: import this source again every day (the same kind and removeMissing)'),
    }),
    response: catalogImportSchema,
    successStatus: 202,
    errors: ['URL_NOT_ALLOWED'],
  }),
  daily: defineRoute({
    method: 'POST',
    path: '/v1/import/daily/:iuid',
    access: 'private',
    tags,
    summary: "Turn the daily re-sync of an import's feed or store on or off",
    description:
      'The source is re-imported once a day, with the same kind and removeMissing, starting a day from now.',
    params: importId,
    query: z.object({ on: z.enum(['0', '1']), removeMissing }),
    response: catalogImportSchema,
    errors: ['NOT_FOUND', 'IMPORT_NOT_SYNCABLE'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/v1/import/list',
    access: 'private',
    tags,
    summary: "The shop's imports, newest first",
    query: z.object({ offset: offsetSchema, limit: limitSchema(20), kind: listKind }),
    response: listOf(catalogImportSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/v1/import/:iuid',
    access: 'private',
    tags,
    summary: 'An import with its progress',
    params: importId,
    response: catalogImportSchema,
    errors: ['NOT_FOUND'],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/v1/import/cancel/:iuid',
    access: 'private',
    tags,
    summary: 'Stop an import; rows already done stay',
    params: importId,
    response: catalogImportSchema,
    errors: ['NOT_FOUND', 'IMPORT_FINISHED'],
  }),
  report: defineRoute({
    method: 'GET',
    path: '/v1/import/report/:iuid',
    access: 'private',
    tags,
    summary: "Every row's outcome, in source order; failed rows say why",
    params: importId,
    query: z.object({ failedOnly: z.enum(['0', '1']).default('0') }),
    response: z.object({ items: z.array(importReportRowSchema) }),
    errors: ['NOT_FOUND'],
  }),
  template: defineRoute({
    method: 'GET',
    path: '/v1/import/template',
    access: 'private',
    tags,
    summary: 'The CSV template: the header row and one example row',
    response: z.object({ columns: z.array(z.string()), csv: z.string() }),
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/v1/admin/import/list',
    access: 'admin',
    tags,
    summary: "Every shop's imports, newest first (admins)",
    query: z.object({
      offset: offsetSchema,
      limit: limitSchema(50),
      kind: listKind,
      shop: z.string().min(1).max(100).optional().describe("Only this shop's imports (its suid)"),
    }),
    response: listOf(catalogImportSchema),
  }),
  adminReport: defineRoute({
    method: 'GET',
    path: '/v1/admin/import/report/:iuid',
    access: 'admin',
    tags,
    summary: "The report of any shop's import (admins), as /v1/import/report",
    params: importId,
    query: z.object({ failedOnly: z.enum(['0', '1']).default('0') }),
    response: z.object({ items: z.array(importReportRowSchema) }),
    errors: ['NOT_FOUND'],
  }),
};
