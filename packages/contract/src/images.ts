import { z } from 'zod';
import { defineRoute } from './route.ts';

/** The bytes of an image answer (not JSON): fetch its URL, or put it in an <img>. */
const imageBytes = z.custom<Uint8Array>().describe('The image (image/webp)');

const sizeQuery = z.object({
  width: z
    .enum(['64', '384'])
    .optional()
    .describe('64 or 384; with height=384 the square card; neither: full size (see imageSizes)'),
  height: z.enum(['384']).optional().describe('384, with width=384 only'),
  v: z.string().max(40).optional().describe('Image version, from the signed link'),
  exp: z.coerce.number<number | string>().int().optional().describe('Expiry of a signed link (Unix seconds)'),
  sig: z.string().max(64).optional().describe('Signature of a signed link'),
});

/** Garments, models and faces have no inputs: a `part` is refused. */
const withoutParts = sizeQuery.extend({
  part: z.never().optional().describe('Not accepted: no inputs here'),
});

/** Try-ons and looks also serve their inputs. */
const withParts = <const P extends readonly [string, ...string[]]>(parts: P) =>
  sizeQuery.extend({ part: z.enum(parts).optional().describe('An input instead of the result') });

const imageRoute = <const N extends string, Q extends z.ZodObject>(name: N, tag: string, query: Q) =>
  defineRoute({
    method: 'GET',
    path: `/v1/${name}/image/:id`,
    access: 'shopper',
    signedLink: true,
    tags: [tag],
    summary: `The ${name} image (image/webp), at an allowed size`,
    description:
      'Fetch the signed link the API returns (no key needed), adding a size; or this path with a tokenapi key ' +
      'that may see the image. Answers ETag and Cache-Control; If-None-Match gives 304.',
    params: z.object({ id: z.string().min(1).max(100) }),
    query,
    response: imageBytes,
    image: 'image/webp',
    errors: ['IMAGE_NOT_FOUND', 'RENDER_PENDING', 'STORAGE_UNAVAILABLE'],
  });

/** The images of garments, models, faces, try-ons and looks; their ids are those of the items. */
export const imageRoutes = {
  garment: imageRoute('garment', 'Garments', withoutParts),
  model: imageRoute('model', 'Models', withoutParts),
  face: imageRoute('face', 'Faces', withoutParts),
  tryon: imageRoute('tryon', 'Try-ons', withParts(['garment', 'person'])),
  look: imageRoute('look', 'Looks', withParts(['face', 'model'])),
};

export type ImageRouteName = keyof typeof imageRoutes;
