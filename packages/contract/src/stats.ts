import { z } from 'zod';
import { isoDate } from './common.ts';
import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from './constants.ts';
import { defineRoute } from './route.ts';

export const statsItemSchema = z
  .object({
    curdate: z.string().describe('Day, YYYY-MM-DD (UTC)'),
    user_count: z.number().int().describe('Distinct shoppers that day'),
    action_count: z.number().int().describe('Events that day'),
  })
  .meta({ id: 'StatsItem' });

const series = z.array(statsItemSchema);
export const statsSchema = z
  .object({
    tryon: series,
    client: series,
    garment: series,
    person: series,
    search: series,
    view: series.describe('Shopper pages opened (page views), apart from the shopper actions of `client`'),
    totals: z
      .object({
        user_count: z.number().int().describe('Distinct shoppers with an action in the whole period'),
        action_count: z.number().int().describe('Shopper actions in the whole period'),
      })
      .describe('The `client` series over the whole period; a shopper back on several days counts once'),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof statsSchema>;

const periodTotalsSchema = z.object({
  tryon: z.number().int().describe('Try-ons made'),
  client: z.number().int().describe('Shopper actions'),
  garment: z.number().int(),
  person: z.number().int(),
  search: z.number().int(),
  view: z.number().int(),
  shoppers: z.number().int().describe('Distinct shoppers with an action'),
  failed: z.number().int().describe('Try-ons and looks whose render failed'),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

export const topItemSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    tryons: z.number().int().describe('Try-ons (garments) or try-ons and looks (models) made in the period'),
    likes: z.number().int().describe('Likes given in the period'),
  })
  .meta({ id: 'StatsTopItem' });
export type TopItem = z.infer<typeof topItemSchema>;

export const failedRenderSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['tryon', 'look']),
    errorCode: z.string().describe('The error code the render failed with (see the error codes)'),
    created: isoDate,
  })
  .meta({ id: 'StatsFailedRender' });
export type FailedRender = z.infer<typeof failedRenderSchema>;

export const statsInsightsSchema = z
  .object({
    days: z.number().int(),
    current: periodTotalsSchema.describe('The last `days` UTC days up to today'),
    previous: periodTotalsSchema.describe('The `days` days before those'),
    topGarments: z.array(topItemSchema).describe('Most tried garments of the period, then most liked'),
    topModels: z.array(topItemSchema).describe('Most used models of the period, then most liked'),
    failedRenders: z
      .array(failedRenderSchema)
      .describe('The latest failed renders of the period, newest first'),
  })
  .meta({ id: 'StatsInsights' });
export type StatsInsights = z.infer<typeof statsInsightsSchema>;

const statsQuery = z.object({
  days: z.coerce.number<number | string>().int().min(1).max(STATS_MAX_DAYS).default(STATS_DEFAULT_DAYS),
  shop_uid: z.string().optional().describe("Admins only: another shop's statistics"),
});

export const statsRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/v1/user/stats',
    access: 'private',
    tags: ['Statistics'],
    summary: 'Daily series of the last N days, oldest first, one zero-filled item per day',
    description:
      'tryon: try-ons made; client: any shopper action; garment: a shopper fetched or viewed a garment; ' +
      'person: a face or body photo uploaded; search: a shopper list call with a query; view: a shopper page ' +
      "opened (not an action). The shop's own dashboard calls are never counted.",
    query: statsQuery,
    response: statsSchema,
  }),
  insights: defineRoute({
    method: 'GET',
    path: '/v1/user/stats/insights',
    access: 'private',
    tags: ['Statistics'],
    errors: ['SHOP_NOT_FOUND', 'ADMIN_ONLY'],
    summary: 'The period against the one before it, the top garments and models, and failed renders',
    description:
      'Totals of the last N days and of the N days before (each kind of the daily series, distinct shoppers, ' +
      'failed renders), the five garments and models most tried in the period (then most liked, likes given in ' +
      'the period), and the ten latest failed try-ons and looks with their error codes.',
    query: statsQuery,
    response: statsInsightsSchema,
  }),
};
