import { Validator } from '@seriousme/openapi-schema-validator';
import { errorCatalog, type RouteDef, routeErrorCodes, routes } from '@tryon/contract';
import createClient from 'openapi-fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenapiTypes } from '../../test/generate-openapi-types.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { testImage } from '../../test/images.ts';
import type { paths } from '../../test/openapi-types.ts';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

/** A multipart body of the generated client's upload calls: each Blob a file part, the rest text fields. */
function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(name, value, `${name}.png`);
    else if (value !== undefined) form.append(name, String(value));
  }
  return form;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  let operations: Map<string, Operation>;

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, Operation>>;
    operations = new Map(
      Object.entries(paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const operationOf = (def: RouteDef) => {
    const op = operations.get(`${def.method} ${def.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    if (!op) throw new Error(`${def.method} ${def.path} is not in the document`);
    return op;
  };
  const allRoutes = Object.values(routes).flatMap((group) => Object.values(group) as RouteDef[]);

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('the validator refuses a broken document (it does check)', async () => {
    const broken = structuredClone(document);
    const garmentAdd = (broken.paths as Record<string, Record<string, Json>>)['/v1/garment/add']?.post;
    if (garmentAdd) garmentAdd.responses = 'none';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('documents every upload as multipart with its file parts, and every POST parameter as a body', () => {
    const uploads = allRoutes.filter((def) => def.files);
    expect(uploads.map((def) => def.path).sort()).toEqual(
      [
        '/v1/face/add',
        '/v1/garment/add',
        '/v1/import/csv',
        '/v1/look/simple',
        '/v1/model/add',
        '/v1/tryon/simple',
        '/v1/garment/update-image/:guid',
        '/v1/model/update-image/:muid',
      ].sort(),
    );
    for (const def of uploads) {
      const body = operationOf(def).requestBody;
      const schema = body?.content['multipart/form-data']?.schema as { properties: Json; required: string[] };
      expect(body?.required).toBe(true);
      for (const file of def.files ?? []) {
        expect(schema.properties[file.name]).toMatchObject({ type: 'string', format: 'binary' });
        expect(schema.required).toContain(file.name);
      }
    }
    const garmentAdd = operationOf(routes.garments.add).requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys((garmentAdd as { properties: Json }).properties)).toEqual(
      expect.arrayContaining(['file', 'name', 'sku', 'category', 'price']),
    );
    for (const def of allRoutes.filter((d) => d.method === 'POST' && d.query && !d.files)) {
      const body = operationOf(def).requestBody;
      expect(body?.required, def.path).toBe(false);
      expect(Object.keys(body?.content ?? {})).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
    }
    expect(operationOf(routes.tryOns.add).requestBody?.content['application/json']?.schema).toMatchObject({
      required: ['guid'],
    });
  });

  it('lists every error code a route may answer under its status', () => {
    for (const def of allRoutes) {
      const op = operationOf(def);
      expect(op.operationId, def.path).toMatch(/^[a-z]+[A-Z][A-Za-z]+$/);
      expect(Object.keys(op.responses)).not.toContain('4XX');
      for (const code of routeErrorCodes(def)) {
        const schema = op.responses[String(errorCatalog[code].status)]?.content?.['application/json']?.schema;
        expect(JSON.stringify(schema), `${def.path} ${code}`).toContain(`"${code}"`);
      }
    }
    const simple = operationOf(routes.simple.tryOn).responses;
    expect(JSON.stringify(simple['422'])).toContain('NO_PERSON');
    expect(JSON.stringify(simple['402'])).toContain('NO_BALANCE');
    expect(JSON.stringify(simple['401'])).toContain('API_KEY_MISSING');
  });

  it('documents image answers: the image routes with their sizes, the simple calls as JPEG or JSON', () => {
    const image = operationOf(routes.images.tryon);
    expect(Object.keys(image.responses['200']?.content ?? {})).toEqual(['image/webp']);
    const simple = operationOf(routes.simple.look).responses;
    expect(Object.keys(simple['200']?.content ?? {})).toEqual(['image/jpeg', 'application/json']);
    expect(simple['202']?.content?.['application/json']).toBeDefined();
    const widths = JSON.stringify((document.paths as Json)['/v1/garment/image/{id}']);
    expect(widths).toContain('"enum":["64","384"]');
  });

  it('generates the committed client types with openapi-typescript', async () => {
    await expect(await generateOpenapiTypes(document)).toMatchFileSnapshot('../../test/openapi-types.ts');
  });

  describe('a client generated from it (openapi-typescript + openapi-fetch) against the listening server', () => {
    let client: ReturnType<typeof createClient<paths>>;
    let owner: string;

    beforeAll(async () => {
      owner = await signIn(t, 'openapi@example.com');
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      client = createClient<paths>({ baseUrl: address, headers: { tokenapi: owner } });
    });

    it('uploads a garment, then fetches its square image by the typed image route', async () => {
      const png = await testImage(400, 500, 'png', '#c33');
      const { data, response } = await client.POST('/v1/garment/add', {
        body: {
          file: new Blob([new Uint8Array(png)], { type: 'image/png' }),
          name: 'Generated',
          sku: 'GEN-1',
        },
        bodySerializer: formData,
      });
      expect(response.status).toBe(201);
      expect(data).toMatchObject({ name: 'Generated', sku: 'GEN-1', width: 400, height: 500 });
      const image = await client.GET('/v1/garment/image/{id}', {
        params: { path: { id: data?.guid ?? '' }, query: { width: '384', height: '384' } },
        parseAs: 'arrayBuffer',
      });
      expect(image.response.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(image.data ?? new ArrayBuffer(0))).metadata();
      expect([meta.width, meta.height]).toEqual([384, 384]);
    });

    it('gets a typed error code back for an upload without a file', async () => {
      const { error, response } = await client.POST('/v1/garment/add', {
        body: { file: new Blob([]), name: 'Empty' },
        bodySerializer: formData,
      });
      expect(response.status).toBe(400);
      expect(error?.errorCodeStr).toBe('IMAGE_REQUIRED');
    });

    it('runs a simple try-on with its two file parts and gets the JPEG', async () => {
      const person = await testImage(768, 1024, 'jpeg', '#a86');
      const garment = await testImage(500, 600, 'png', '#25c');
      const { data, response } = await client.POST('/v1/tryon/simple', {
        body: {
          person_file: new Blob([new Uint8Array(person)], { type: 'image/jpeg' }),
          garment_file: new Blob([new Uint8Array(garment)], { type: 'image/png' }),
        },
        bodySerializer: formData,
        parseAs: 'arrayBuffer',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(data ?? new ArrayBuffer(0))).metadata();
      expect(meta.format).toBe('jpeg');
    });
  });
});
