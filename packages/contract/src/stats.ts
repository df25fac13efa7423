import { z } from 'zod';
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
    query: z.object({
      days: z.coerce.number<number | string>().int().min(1).max(STATS_MAX_DAYS).default(STATS_DEFAULT_DAYS),
      shop_uid: z.string().optional().describe("Admins only: another shop's statistics"),
    }),
    response: statsSchema,
  }),
};
