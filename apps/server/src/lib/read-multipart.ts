import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_FIELDS = 30;

export interface MultipartBody {
  /** File parts by field name. */
  files: Map<string, Buffer>;
  fields: Record<string, string>;
}

/**
 * Reads a multipart body: up to `maxFiles` file parts of at most 10 MB each, and text fields. A larger file is
 * refused with `tooLarge` (an image's code unless the route reads another kind of file).
 */
export async function readMultipart(
  request: FastifyRequest,
  maxFiles = 1,
  tooLarge: 'IMAGE_TOO_LARGE' | 'IMPORT_FILE_TOO_LARGE' = 'IMAGE_TOO_LARGE',
): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files = new Map<string, Buffer>();
  if (!request.isMultipart()) return { files, fields };
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: MAX_FIELDS },
    })) {
      if (part.type === 'file') files.set(part.fieldname, await part.toBuffer());
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(
        'VALIDATION_ERROR',
        `Send at most ${maxFiles} image file${maxFiles > 1 ? 's' : ''} and ${MAX_FIELDS} fields.`,
      );
    }
    throw new AppError('VALIDATION_ERROR', 'The multipart body could not be read.');
  }
  return { files, fields };
}

/** Validates fields that arrived outside the route's own query parsing (multipart parts). */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    throw new AppError('VALIDATION_ERROR', details);
  }
  return parsed.data;
}
