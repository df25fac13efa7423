import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { billingRoutes } from './billing.ts';
import { garmentRoutes, modelRoutes } from './catalog.ts';
import { imageRoutes } from './images.ts';
import { importRoutes } from './imports.ts';
import { keyRoutes } from './keys.ts';
import { faceRoutes, lookRoutes, simpleRoutes, tryOnRoutes } from './renders.ts';
import { shopRoutes } from './shops.ts';
import { statsRoutes } from './stats.ts';
import { userRoutes } from './user.ts';
import { webhookRoutes } from './webhooks.ts';

export * from './audit.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './image-sizes.ts';
export * from './images.ts';
export * from './imports.ts';
export * from './keys.ts';
export * from './list-query.ts';
export * from './renders.ts';
export * from './route.ts';
export * from './route-errors.ts';
export * from './shops.ts';
export * from './stats.ts';
export * from './user.ts';
export * from './webhooks.ts';

/** Every route of the API, by area; the server registers these and the client calls them. */
export const routes = {
  auth: authRoutes,
  user: userRoutes,
  keys: keyRoutes,
  shops: shopRoutes,
  billing: billingRoutes,
  stats: statsRoutes,
  garments: garmentRoutes,
  models: modelRoutes,
  faces: faceRoutes,
  looks: lookRoutes,
  tryOns: tryOnRoutes,
  simple: simpleRoutes,
  webhooks: webhookRoutes,
  images: imageRoutes,
  imports: importRoutes,
  audit: auditRoutes,
} as const;
