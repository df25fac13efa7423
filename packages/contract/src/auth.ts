import { z } from 'zod';
import { emailSchema, okSchema } from './common.ts';
import { SIGNIN_CODE_LENGTH } from './constants.ts';
import { defineRoute } from './route.ts';

const tags = ['Sign-in'] as const;

export const signinResponseSchema = z
  .object({
    apiKey: z
      .string()
      .describe('A session key with private scope for this sign-in; POST /v1/user/logout revokes it'),
  })
  .meta({ id: 'SigninResponse' });

export const authRoutes = {
  publicConfig: defineRoute({
    method: 'GET',
    path: '/v1/public/config',
    access: 'none',
    tags,
    summary: 'Public settings the sign-in screen needs',
    response: z.object({
      googleClientId: z.string().nullable().describe('OAuth client id for the Google button, null when off'),
    }),
  }),
  mailRegister: defineRoute({
    method: 'POST',
    path: '/v1/user/mail/register',
    errors: ['WRONG_EMAIL', 'TOO_MANY_CODES', 'DAILY_CODE_LIMIT', 'MAIL_SEND_FAILED'],
    access: 'none',
    tags,
    summary: 'Send a 4-digit sign-in code to an e-mail address',
    description:
      'A new code can be requested every 90 seconds and a limited number of times a day. The code is valid ' +
      'for 10 minutes, once, with at most 5 wrong tries.',
    query: z.object({ email: emailSchema }),
    response: z.object({ ok: z.literal(true), resendAfterSeconds: z.number().int() }),
  }),
  mailSignin: defineRoute({
    method: 'POST',
    path: '/v1/user/mail/signin',
    errors: ['WRONG_EMAIL', 'WRONG_CODE', 'TOO_MANY_ATTEMPTS', 'CODE_EXPIRED'],
    access: 'none',
    tags,
    summary: 'Sign in with the e-mailed code',
    description: 'The first sign-in creates the user, a shop on the Free Demo tariff and its two keys.',
    query: z.object({
      email: emailSchema,
      code: z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{${SIGNIN_CODE_LENGTH}}$`), { error: 'WRONG_CODE' }),
    }),
    response: signinResponseSchema,
  }),
  tokenSignin: defineRoute({
    method: 'POST',
    path: '/v1/user/token/signin',
    errors: ['GOOGLE_SIGNIN_FAILED', 'GOOGLE_SIGNIN_DISABLED'],
    access: 'none',
    tags,
    summary: 'Sign in with a Google ID token (the credential of the Google button)',
    query: z.object({ token: z.string().min(1).max(8192) }),
    response: signinResponseSchema,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/v1/user/logout',
    access: 'private',
    tags,
    summary: 'Revoke the session key this call is made with',
    description:
      'Called with a shop private key instead, it changes nothing: revoke those on the Keys screen.',
    response: okSchema,
  }),
};
