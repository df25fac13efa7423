import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { completeDocument } from './openapi-contract.ts';

/** OpenAPI 3.1 built from the contract's schemas: /v1/openapi.json, and a browsable UI at /docs. */
export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Try-on platform API',
        version: '1.0.0',
        description:
          'Parameters travel in the query string; POST calls may also send them as a JSON or form body. ' +
          'Errors come as { errorCodeStr, errorMessage }. See docs/api.md for the guide.',
      },
      // The address the docs were opened at first, so "Try it out" works at 127.0.0.1 as at PUBLIC_URL.
      servers: [
        { url: '/', description: 'This server, at the address these docs were opened at' },
        { url: config.PUBLIC_URL, description: 'PUBLIC_URL' },
      ],
      components: {
        securitySchemes: { tokenapi: { type: 'apiKey', in: 'header', name: 'tokenapi' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => completeDocument(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
