import { type ErrorCode, errorCatalog, routePath, routes, SIMPLE_RENDER_WAIT_SECONDS } from '@tryon/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { imageMinimums, inspectUpload } from '../../lib/images/index.ts';
import { readMultipart } from '../../lib/read-multipart.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';
import type { PersonCheck } from '../person-check/person-check.service.ts';
import { idempotencyKeyOf } from '../renders/idempotency-key.ts';
import type { RenderRow } from '../renders/renders.repository.ts';

/** JPEG opens everywhere, which is what a one-call API answered into a file needs. */
const RESULT_JPEG_QUALITY = 90;

async function requiredPart(files: Map<string, Buffer>, name: string, kind: keyof typeof imageMinimums) {
  const bytes = files.get(name);
  if (!bytes || bytes.length === 0) throw new AppError('IMAGE_REQUIRED', `Send the image file part ${name}.`);
  return (await inspectUpload(bytes, imageMinimums[kind])).bytes;
}

/** The photos of people in a simple call are checked like uploads, before the call is charged. */
async function onePersonIn(check: PersonCheck, ...photos: Buffer[]): Promise<void> {
  for (const photo of photos) await check.requireOnePerson(photo);
}

const isErrorCode = (code: string | null): code is ErrorCode => code !== null && code in errorCatalog;

/**
 * The simple endpoints: one multipart call, one answer. They run the queued pipeline and wait for it, so a
 * simple call is charged, limited and rendered exactly like the others.
 */
export function simpleRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { renders, renderPresenter: present, storage } = services;

  async function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    created: RenderRow,
    asJson: (row: RenderRow) => T,
  ): Promise<T | FastifyReply> {
    const row = await renders.waitFor(created, SIMPLE_RENDER_WAIT_SECONDS * 1000);
    const json = asJson(row);
    if (row.status === 'failed') {
      throw isErrorCode(row.error_code) ? new AppError(row.error_code) : new AppError('RENDER_FAILED');
    }
    if (row.status !== 'done' || row.image_key === null) {
      const location =
        row.kind === 'tryon'
          ? routePath(routes.tryOns.get, { tuid: row.id })
          : routePath(routes.looks.get, { luid: row.id });
      reply.code(202).header('location', location);
      return json;
    }
    if ((request.headers.accept ?? '').includes('application/json')) return json;
    const stored = await storage.get(row.image_key);
    if (!stored) throw new AppError('IMAGE_NOT_FOUND');
    const jpeg = await sharp(stored.bytes).jpeg({ quality: RESULT_JPEG_QUALITY }).toBuffer();
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-disposition', `inline; filename="${row.kind}-${row.id}.jpg"`)
      .header('x-render-id', row.id)
      .send(jpeg);
  }

  registerRoute(app, routes.simple.tryOn, async ({ auth, request, reply }) => {
    const { files } = await readMultipart(request, 2);
    const person = await requiredPart(files, 'person_file', 'face');
    const garment = await requiredPart(files, 'garment_file', 'garment');
    await onePersonIn(services.personCheck, person);
    const created = await renders.createFromUploads(
      auth,
      { kind: 'tryon', person, garment },
      idempotencyKeyOf(request),
    );
    return answer(request, reply, created, (row) => present.tryOn(row));
  });

  registerRoute(app, routes.simple.look, async ({ auth, request, reply }) => {
    const { files } = await readMultipart(request, 2);
    const face = await requiredPart(files, 'face_file', 'face');
    const model = await requiredPart(files, 'model_file', 'model');
    await onePersonIn(services.personCheck, face, model);
    const created = await renders.createFromUploads(
      auth,
      { kind: 'look', face, model },
      idempotencyKeyOf(request),
    );
    return answer(request, reply, created, (row) => present.look(row));
  });
}
