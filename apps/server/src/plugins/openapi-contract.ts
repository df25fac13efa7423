import { type ErrorCode, errorCatalog, type RouteDef, routeErrorCodes, routes } from '@tryon/contract';

type Json = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: Json;
  responses?: Record<string, Json>;
  operationId?: string;
}

const binary = (description: string): Json => ({ type: 'string', format: 'binary', description });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/** Every contract route by its OpenAPI method and path (`get /v1/garment/{guid}`), with an operation id. */
function contractOperations(): Map<string, { def: RouteDef; operationId: string }> {
  const byPath = new Map<string, { def: RouteDef; operationId: string }>();
  for (const [group, defs] of Object.entries(routes)) {
    for (const [name, def] of Object.entries(defs as Record<string, RouteDef>)) {
      const path = def.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const operationId = `${group}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
      byPath.set(`${def.method.toLowerCase()} ${path}`, { def, operationId });
    }
  }
  return byPath;
}

/** The query parameters as one object schema: the form a POST body may send them in. */
function fieldsSchema(parameters: readonly Parameter[]): { properties: Json; required: string[] } {
  const properties: Json = {};
  const required: string[] = [];
  for (const p of parameters) {
    if (p.in !== 'query') continue;
    properties[p.name] = { ...p.schema, ...(p.description ? { description: p.description } : {}) };
    if (p.required) required.push(p.name);
  }
  return { properties, required };
}

function requestBody(def: RouteDef, parameters: readonly Parameter[]): Json | undefined {
  if (def.method !== 'POST') return undefined;
  const fields = fieldsSchema(parameters);
  if (def.files) {
    const files = Object.fromEntries(def.files.map((f) => [f.name, binary(f.description)]));
    const schema = {
      type: 'object',
      properties: { ...files, ...fields.properties },
      required: [...def.files.map((f) => f.name), ...fields.required],
    };
    return {
      required: true,
      description: 'The image file parts; the other fields may be form parts or query parameters.',
      content: {
        'multipart/form-data': {
          schema,
          encoding: Object.fromEntries(
            def.files.map((f) => [f.name, { contentType: 'image/jpeg, image/png, image/webp, image/avif' }]),
          ),
        },
      },
    };
  }
  if (Object.keys(fields.properties).length === 0) return undefined;
  const schema = {
    type: 'object',
    properties: fields.properties,
    ...(fields.required.length > 0 ? { required: fields.required } : {}),
  };
  return {
    required: false,
    description: 'The parameters, as a JSON or form body instead of the query string (which wins).',
    content: { ...json(schema), 'application/x-www-form-urlencoded': { schema } },
  };
}

/** One response per error status, listing the codes that come with it. */
function errorResponses(def: RouteDef): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrorCodes(def)) {
    const status = errorCatalog[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.join(', '),
      content: json({
        allOf: [
          { $ref: '#/components/schemas/Error' },
          { type: 'object', properties: { errorCodeStr: { type: 'string', enum: codes } } },
        ],
      }),
    };
  }
  return responses;
}

function successResponses(def: RouteDef, documented: Record<string, Json>): Record<string, Json> {
  const status = String(def.successStatus ?? 200);
  const jsonAnswer = documented[status]?.content;
  if (!def.image) return { [status]: { ...documented[status], description: 'Success' } };
  const image = { [def.image]: { schema: binary(`The image (${def.image})`) } };
  if (!def.accepted) {
    return {
      [status]: { description: 'The image', content: image },
      '304': { description: 'Not modified (If-None-Match matched the ETag)' },
    };
  }
  return {
    [status]: {
      description: 'The result image; with Accept: application/json the item as JSON instead',
      content: { ...image, ...(jsonAnswer as Json) },
    },
    '202': {
      description: 'Still rendering after the wait: the queued item; poll the URL in Location',
      headers: { Location: { schema: { type: 'string' }, description: 'The item to poll' } },
      content: jsonAnswer,
    },
  };
}

/**
 * Completes the document Fastify's swagger plugin makes from the route schemas with what only the contract
 * knows: request bodies (JSON and form bodies of POST calls, multipart uploads with their file parts), image
 * answers, and each error status with the error codes the route may answer.
 */
export function completeDocument<D extends { paths?: unknown }>(document: D): D {
  const operations = contractOperations();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const found = operations.get(`${method} ${path}`);
      if (!found) continue;
      const { def, operationId } = found;
      operation.operationId = operationId;
      const body = requestBody(def, operation.parameters ?? []);
      if (body) operation.requestBody = body;
      operation.responses = {
        ...successResponses(def, operation.responses ?? {}),
        ...errorResponses(def),
      };
    }
  }
  return document;
}
