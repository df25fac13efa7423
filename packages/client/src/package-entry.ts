/**
 * What the published package exports: the client and its helpers, and the API's contract (routes, schemas,
 * types, error codes, image sizes), bundled in, since the contract is not published on its own.
 */
export * from '@tryon/contract';
export * from './index.ts';
