import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function authRoutes(app: FastifyInstance, { services, config }: Runtime): void {
  const { signin, google } = services;
  // Per client address; the per-e-mail and per-code limits of the sign-in service carry the rest.
  const SIGNIN_PER_MINUTE = config.RATE_LIMIT_SIGNIN_PER_MINUTE;

  registerRoute(app, routes.auth.publicConfig, async () => ({
    googleClientId: google.enabled ? (config.GOOGLE_CLIENT_ID ?? null) : null,
  }));

  registerRoute(
    app,
    routes.auth.mailRegister,
    async ({ query, request }) => ({
      ok: true as const,
      ...(await signin.sendCode(query.email, request.ip)),
    }),
    { perMinute: SIGNIN_PER_MINUTE },
  );

  registerRoute(
    app,
    routes.auth.mailSignin,
    async ({ query }) => ({ apiKey: await signin.signInWithCode(query.email, query.code) }),
    { perMinute: SIGNIN_PER_MINUTE * 2 },
  );

  registerRoute(
    app,
    routes.auth.tokenSignin,
    async ({ query }) => ({ apiKey: await signin.signInWithGoogle(query.token) }),
    { perMinute: SIGNIN_PER_MINUTE * 2 },
  );

  registerRoute(app, routes.auth.logout, async ({ auth }) => {
    await signin.signOut(auth.keyId, auth.kind);
    return { ok: true as const };
  });
}
