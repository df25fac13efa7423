import { errorBodySchema, type RouteDef } from '@tryon/contract';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../plugins/authenticate.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface RouteContext<D extends RouteDef> {
  query: Output<D['query']>;
  params: Output<D['params']>;
  auth: D['access'] extends 'none' ? null : Auth;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Answers the response of the route, or the reply itself when the handler sent something else (an image). */
export type RouteHandler<D extends RouteDef> = (
  ctx: RouteContext<D>,
) => Promise<z.input<D['response']> | FastifyReply>;

export interface RouteOptions {
  /** Requests per minute per client address, tighter than the global limit. */
  perMinute?: number;
  /**
   * Hot routes: the success answer is written by a serializer compiled from the response schema (its JSON Schema,
   * fast-json-stringify: declared fields only, as zod's output) instead of being encoded by zod on every call.
   * For responses without transforms; a test compares both writers on the route.
   */
  compiledResponse?: boolean;
}

/** fast-json-stringify over a zod schema's JSON Schema (output side). */
export const compileResponseWriter = (schema: z.ZodType): ((data: unknown) => string) =>
  fastJson(z.toJSONSchema(schema, { io: 'output' }) as Parameters<typeof fastJson>[0]);

/**
 * Registers a route of the contract: its schemas validate the request and document it, the access level is
 * checked before the body is read, and POST bodies (JSON or form) are merged under the query string.
 */
export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: RouteHandler<D>,
  options: RouteOptions = {},
): void {
  const status = def.successStatus ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      tags: [...def.tags],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { [status]: def.response, '4xx': errorBodySchema, '5xx': errorBodySchema },
      security: def.access === 'none' ? [] : [{ tokenapi: [] }],
    },
    ...(options.compiledResponse
      ? {
          serializerCompiler: (route: {
            schema: unknown;
            method: string;
            url: string;
            httpStatus?: string;
          }) =>
            route.schema === def.response
              ? compileResponseWriter(def.response)
              : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]),
        }
      : {}),
    ...(options.perMinute ? { config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } } : {}),
    // Hooks only where they do something: routes without a key have no check, GETs no body.
    ...(def.access === 'none'
      ? {}
      : {
          onRequest: async (request: FastifyRequest) => {
            request.auth = await app.authenticate(request, def.access);
          },
        }),
    ...(def.method === 'POST'
      ? {
          preValidation: (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
            const body = request.body;
            if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
              request.query = {
                ...(body as Record<string, unknown>),
                ...(request.query as Record<string, unknown>),
              };
            }
            done();
          },
        }
      : {}),
    handler: async (request, reply) => {
      const result = await handler({
        query: request.query,
        params: request.params,
        auth: request.auth,
        request,
        reply,
      } as unknown as RouteContext<D>);
      if (reply.sent) return reply;
      // A handler may choose its status (201 for a get-or-create that created); otherwise the route's.
      if (reply.statusCode === 200) reply.code(status);
      return reply.send(result);
    },
  });
}
