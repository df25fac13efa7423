import { z } from 'zod';
import { tariffIds } from './constants.ts';
import { defineRoute } from './route.ts';

export const profileSchema = z
  .object({
    name: z.string().describe('Shop name'),
    mail: z.string().describe("The owner's sign-in e-mail"),
    suid: z.string(),
    uid: z.string(),
    apiKey: z.string().describe('The key this call was made with'),
    isAdmin: z.boolean(),
    tryonBalance: z.number().int(),
    tariff: z.enum(tariffIds),
    logo: z.string(),
    url: z.string(),
    currency: z.string().describe("ISO 4217 code of the shop's prices, or empty"),
    disabled: z.boolean(),
    limitDailyGarment: z.number().int(),
    limitDailyPerClientPerson: z.number().int(),
    limitDailyPerClientTryon: z.number().int(),
    limitDailyPerson: z.number().int(),
    limitDailySearch: z.number().int(),
    limitDailyTryon: z.number().int(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const userRoutes = {
  profile: defineRoute({
    method: 'GET',
    path: '/v1/user',
    access: 'private',
    tags: ['User'],
    summary: 'The signed-in user and their shop',
    response: profileSchema,
  }),
};
