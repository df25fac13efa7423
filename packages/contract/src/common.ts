import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** 0 or 1 in the query string; JSON bodies may also send a boolean or a number. */
export const flagSchema = z.coerce.number<number | string>().int().min(0).max(1);

export const offsetSchema = z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0);
export const limitSchema = (defaultLimit: number, max: number = MAX_PAGE_SIZE) =>
  z.coerce.number<number | string>().int().min(1).max(max).default(defaultLimit);

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextOffset: z.number().int().nullable().describe('Offset of the next page, or null on the last page'),
  });

/** An e-mail whose failure is reported as WRONG_EMAIL (spec §8) rather than a generic validation error. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'WRONG_EMAIL' }));

export const isoDate = z.string().describe('ISO 8601 date and time, UTC');

/** An http(s) address without spaces, or empty to clear it: a shop's site and logo. */
export const webUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'must be an http(s) URL' });
