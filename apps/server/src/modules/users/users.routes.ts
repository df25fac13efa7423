import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function userRoutes(app: FastifyInstance, { services }: Runtime): void {
  registerRoute(app, routes.user.profile, ({ auth }) => services.shops.profile(auth));
}
