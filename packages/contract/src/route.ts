import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * Who may call a route.
 * - `none`: anyone (sign-in, public config).
 * - `private`: a private key of a shop, or a sign-in session key (which has private scope).
 * - `shopper`: a public key from one of its allowed domains with a `clientuuid`, or any private key.
 * - `admin`: a sign-in session of a user who is an administrator.
 */
export type Access = 'none' | 'private' | 'shopper' | 'admin';

/** A file part of a multipart/form-data upload. */
export interface FilePart {
  name: string;
  description: string;
}

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
  /**
   * A multipart/form-data upload with these file parts; the `query` fields may then also come as form parts.
   * The server reads the parts itself (they are not validated as a JSON body).
   */
  files?: readonly FilePart[];
  response: z.ZodType;
  /** Status of a successful answer; 200 unless stated. */
  successStatus?: 200 | 201 | 202;
  /**
   * The answer is an image of this type: always for the image routes, whose `response` is not JSON; for the
   * simple calls unless the request accepts application/json, when it is `response`.
   */
  image?: 'image/webp' | 'image/jpeg';
  /** The answer may be 202 with `response` as JSON (a render still running) and a Location header. */
  accepted?: true;
  /** Also answers without a key to the signed link the API returns (an <img> sends no header). */
  signedLink?: true;
  /** Error codes of this route besides those of every request and of its access level (see routeErrorCodes). */
  errors?: readonly ErrorCode[];
}

/** Keeps the literal types of a route definition so the server and the client infer from it. */
export const defineRoute = <const D extends RouteDef>(def: D): D => def;

export type RouteQuery<D extends RouteDef> = D['query'] extends z.ZodObject ? z.input<D['query']> : undefined;
export type RouteParams<D extends RouteDef> = D['params'] extends z.ZodObject
  ? z.input<D['params']>
  : undefined;
export type RouteResponse<D extends RouteDef> = z.output<D['response']>;

/** The path of a route with its parameters filled in (encoded); throws when one is missing. */
export function routePath(def: Pick<RouteDef, 'path'>, params?: object): string {
  return def.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter ${name} for ${def.path}`);
    return encodeURIComponent(String(value));
  });
}
