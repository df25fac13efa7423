import { z } from 'zod';
import { isoDate } from './common.ts';
import { tariffIds } from './constants.ts';
import { defineRoute } from './route.ts';

export const tariffSchema = z
  .object({
    id: z.enum(tariffIds),
    name: z.string(),
    tryons: z.number().int().describe('Try-ons included'),
    pricePerTryonUsd: z.number(),
    priceUsd: z.number().describe('Package price'),
    renews: z.boolean().describe('Renews automatically every 30 days'),
  })
  .meta({ id: 'Tariff' });

export const billingSchema = z
  .object({
    suid: z.string(),
    tariffs: z.array(tariffSchema),
    tariff: z.enum(tariffIds),
    balance: z.number().int(),
    periodStart: isoDate,
    periodEnd: isoDate,
  })
  .meta({ id: 'Billing' });
export type Billing = z.infer<typeof billingSchema>;

const tags = ['Billing'] as const;

export const billingRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/v1/user/billing',
    access: 'private',
    tags,
    summary: "Tariffs, the shop's current tariff, balance and plan period",
    response: billingSchema,
  }),
  changePlan: defineRoute({
    method: 'POST',
    path: '/v1/shop/plan',
    errors: ['SHOP_NOT_FOUND', 'UNKNOWN_TARIFF', 'NO_BALANCE'],
    access: 'admin',
    tags,
    summary: 'Move a shop to a tariff (admins; payment is handled outside this API)',
    description: 'Unused try-ons are kept, the tariff try-ons are added and a new 30-day period starts.',
    query: z.object({ shop_uid: z.string().min(1), tariff: z.enum(tariffIds, { error: 'UNKNOWN_TARIFF' }) }),
    response: billingSchema,
  }),
};
