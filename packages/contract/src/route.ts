import type { z } from 'zod';

/**
 * Who may call a route.
 * - `none`: anyone (sign-in, public config).
 * - `private`: a private key of a shop, or a sign-in session key (which has private scope).
 * - `shopper`: a public key from one of its allowed domains with a `clientuuid`, or any private key.
 * - `admin`: a sign-in session of a user who is an administrator.
 */
export type Access = 'none' | 'private' | 'shopper' | 'admin';

export interface RouteDef {
  method: 'GET' | 'POST';
  /** Fastify-style path: `/v1/garment/:guid`. */
  path: string;
  access: Access;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodObject;
  /** Parameters; they travel in the query string and, for POST, may also come as a JSON or form body. */
  query?: z.ZodObject;
  response: z.ZodType;
  /** Status of a successful answer; 200 unless stated. */
  successStatus?: 200 | 201 | 202;
}

/** Keeps the literal types of a route definition so the server and the client infer from it. */
export const defineRoute = <const D extends RouteDef>(def: D): D => def;

export type RouteQuery<D extends RouteDef> = D['query'] extends z.ZodObject ? z.input<D['query']> : undefined;
export type RouteParams<D extends RouteDef> = D['params'] extends z.ZodObject
  ? z.input<D['params']>
  : undefined;
export type RouteResponse<D extends RouteDef> = z.output<D['response']>;
