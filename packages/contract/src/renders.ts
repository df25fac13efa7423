import { z } from 'zod';
import { isoDate, limitSchema, listOf, offsetSchema } from './common.ts';
import { MAX_PAGE_SIZE, pageSizes } from './constants.ts';
import { personCheckErrors } from './errors.ts';
import { defineRoute } from './route.ts';

/**
 * Faces (a shopper's own photo: a face or a whole body), looks (the shopper's face on a model) and try-ons
 * (a garment on a model or on the shopper's photo). Looks and try-ons are rendered by a job: created
 * `queued`, then `running`, then `done` with an image or `failed` with an error code.
 */
export const renderStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type RenderStatus = (typeof renderStatuses)[number];

/** Longest a get call may wait for a render to finish (`wait`, seconds). */
export const MAX_RENDER_WAIT_SECONDS = 30;
/** Longest the simple endpoints wait for their render before answering 202 with the queued item. */
export const SIMPLE_RENDER_WAIT_SECONDS = 60;

const id = <N extends string>(name: N) =>
  z.object({ [name]: z.string().min(1).max(100) }) as z.ZodObject<Record<N, z.ZodString>>;

const signedImage = z
  .string()
  .describe(
    'Signed image path, valid for an hour: add &width=384&height=384 for the square card, or nothing',
  );

export const faceSchema = z
  .object({
    fuid: z.string(),
    image: signedImage,
    width: z.number().int(),
    height: z.number().int(),
    created: isoDate,
  })
  .meta({ id: 'Face' });
export type Face = z.infer<typeof faceSchema>;

const renderFields = {
  status: z.enum(renderStatuses),
  errorCode: z.string().nullable().describe('Why it failed (an error code of the API guide); null otherwise'),
  errorMessage: z.string().nullable(),
  image: signedImage.nullable().describe('The result; null until done'),
  created: isoDate,
  finished: isoDate.nullable(),
};

export const tryOnSchema = z
  .object({
    tuid: z.string(),
    suid: z.string().describe('The shop it belongs to'),
    t: z.string().describe('Viewer token: whoever has it can see this try-on (share links)'),
    guid: z.string().nullable().describe('The garment; null for a simple try-on with an uploaded garment'),
    muid: z.string().nullable().describe('The model worn on, if the person was a model'),
    fuid: z.string().nullable().describe("The shopper's photo worn on, if the person was a shopper"),
    garmentImage: signedImage.nullable().describe('The garment photo it was made from'),
    personImage: signedImage.nullable().describe('The person photo it was made from'),
    ...renderFields,
  })
  .meta({ id: 'TryOn' });
export type TryOn = z.infer<typeof tryOnSchema>;

export const lookSchema = z
  .object({
    luid: z.string(),
    suid: z.string().describe('The shop it belongs to'),
    l: z.string().describe('Viewer token: whoever has it can see this look (share links)'),
    fuid: z.string().nullable().describe("The shopper's photo; null for a simple look"),
    muid: z.string().nullable().describe('The model; null for a simple look'),
    liked: z.boolean(),
    faceImage: signedImage.nullable().describe('The face photo it was made from'),
    modelImage: signedImage.nullable().describe('The model photo it was made from'),
    ...renderFields,
  })
  .meta({ id: 'Look' });
export type Look = z.infer<typeof lookSchema>;

/**
 * What a share link shows: the result, the shop's item it was made with, and the shop, never the shopper's
 * photo (that is only in the shopper's own calls). The product lets the viewer buy what they see.
 */
const sharedFields = {
  status: renderFields.status,
  errorCode: renderFields.errorCode,
  image: renderFields.image,
  created: isoDate,
  shop: z.object({ name: z.string(), url: z.string().describe("The shop's site; may be empty") }),
  product: z
    .object({
      name: z.string(),
      url: z.string().describe("The product's page at the shop; may be empty"),
      image: signedImage.nullable(),
    })
    .nullable()
    .describe('The garment (try-on) or model (look); null when it was an upload or is gone'),
};

export const sharedTryOnSchema = z.object({ t: z.string(), ...sharedFields }).meta({ id: 'SharedTryOn' });
export type SharedTryOn = z.infer<typeof sharedTryOnSchema>;

export const sharedLookSchema = z.object({ l: z.string(), ...sharedFields }).meta({ id: 'SharedLook' });
export type SharedLook = z.infer<typeof sharedLookSchema>;

/** List filters of looks and try-ons. */
export const renderListFilters = ['stats', 'done', 'fav'] as const;
export type RenderListFilter = (typeof renderListFilters)[number];

const listQuery = (defaultLimit: number) =>
  z.object({
    offset: offsetSchema,
    limit: limitSchema(defaultLimit, MAX_PAGE_SIZE),
    filter: z
      .enum(renderListFilters)
      .optional()
      .describe('stats or done: finished ones only (the dashboard gallery); fav: liked looks'),
    shop: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe(
        "Whose to list: the caller's own shop by default. Administrators may name any shop id, or * for every " +
          'shop; anyone else naming another shop gets ADMIN_ONLY.',
      ),

    item: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('Only those made with this garment or model (its guid or muid), as on its detail panel'),
  });

const waitQuery = z.object({
  wait: z.coerce
    .number<number | string>()
    .int()
    .min(0)
    .max(MAX_RENDER_WAIT_SECONDS)
    .default(0)
    .describe(
      `Seconds to wait for the render to finish before answering (at most ${MAX_RENDER_WAIT_SECONDS})`,
    ),
});

const ok = z.object({ ok: z.literal(true) });
/** A one-off webhook for this render only, as hosted try-on APIs take it. */
const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .optional()
  .describe(
    "Private keys only: also POST this render's tryon/look completed or failed event to this URL, signed with " +
      'the one-off secret (POST /v1/webhook/oneoff/roll), under the same address rules as registered endpoints',
  );

/**
 * The version of the wording a shopper agrees to before their first photo (what happens to it: kept for the
 * retention period, named in days, deleted with everything made from it when they remove it). Raise it when the
 * wording changes: uploads with a public key then need the new agreement. 2: the period in days (1 said "the
 * retention period").
 */
export const PHOTO_CONSENT_VERSION = 2;
const idempotency =
  'Send an `Idempotency-Key` header (any unique string of up to 255 characters) to make a retry safe: the ' +
  'same key with the same parameters charges once and answers the first result.';

export const faceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/face',
    access: 'shopper',
    tags: ['Faces'],
    summary: "The shopper's photos, newest first (a private key lists all of the shop's)",
    query: z.object({ offset: offsetSchema, limit: limitSchema(MAX_PAGE_SIZE, MAX_PAGE_SIZE) }),
    response: listOf(faceSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/v1/face/add',
    errors: ['DAILY_LIMIT_REACHED', 'CLIENT_DAILY_LIMIT_REACHED', 'CONSENT_REQUIRED', ...personCheckErrors],
    access: 'shopper',
    tags: ['Faces'],
    summary: "Upload the shopper's photo (multipart/form-data, file part `file`)",
    description:
      'A face or body photo: jpg, png, webp or avif, at least 256x256, at most 10 MB. It is re-encoded without ' +
      'metadata, counts against the daily photo limits, and is deleted with everything made from it after ' +
      'the retention period or when the shopper removes it. With a public key, `consent` is the version of the ' +
      `wording the shopper agreed to (now ${PHOTO_CONSENT_VERSION}), recorded with the photo; without it 428 ` +
      'CONSENT_REQUIRED. A photo with no person (422 NO_PERSON) or more than one (422 MULTIPLE_PEOPLE) is ' +
      'refused before it is stored or counted.',
    files: [{ name: 'file', description: 'The photo; a single file part of another name is taken too' }],
    query: z.object({
      consent: z.coerce
        .number<number | string>()
        .int()
        .min(1)
        .optional()
        .describe('The version of the photo wording the shopper agreed to (public keys)'),
    }),
    response: faceSchema,
    successStatus: 201,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/v1/face/remove/:fuid',
    errors: ['NOT_FOUND'],
    access: 'shopper',
    tags: ['Faces'],
    summary: 'Delete a photo and the looks and try-ons made from it',
    params: id('fuid'),
    response: ok,
  }),
  removeAll: defineRoute({
    method: 'POST',
    path: '/v1/face/remove-all',
    access: 'shopper',
    tags: ['Faces'],
    summary: "Delete all of the shopper's photos, try-ons and looks (public keys only)",
    response: z.object({ ok: z.literal(true), photos: z.number().int(), renders: z.number().int() }),
  }),
};

export const lookRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/look/list',
    access: 'shopper',
    tags: ['Looks'],
    summary: "The shopper's looks, newest first (a private key lists all of the shop's)",
    query: listQuery(pageSizes.apiLooks),
    response: listOf(lookSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/v1/look/:luid',
    errors: ['NOT_FOUND'],
    access: 'shopper',
    tags: ['Looks'],
    summary: 'One look, with its status; `wait` waits for it to finish',
    params: id('luid'),
    query: waitQuery,
    response: lookSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/v1/look/add',
    errors: [
      'NOT_FOUND',
      'NO_BALANCE',
      'DAILY_LIMIT_REACHED',
      'CLIENT_DAILY_LIMIT_REACHED',
      'IDEMPOTENCY_KEY_INVALID',
      'IDEMPOTENCY_KEY_REUSED',
      'WEBHOOK_URL_NOT_ALLOWED',
      'PRIVATE_KEY_REQUIRED',
    ],
    access: 'shopper',
    tags: ['Looks'],
    summary: "Put the shopper's face (fuid) on a model (muid); costs one try-on",
    description: `Answers 202 with the queued look; poll GET /v1/look/{luid} (or pass wait). ${idempotency}`,
    query: z.object({
      fuid: z.string().min(1).max(100),
      muid: z.string().min(1).max(100),
      webhook_url: webhookUrl,
    }),
    response: lookSchema,
    successStatus: 202,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/v1/look/remove/:luid',
    errors: ['NOT_FOUND'],
    access: 'shopper',
    tags: ['Looks'],
    summary: 'Delete a look and its image',
    params: id('luid'),
    response: ok,
  }),
  like: defineRoute({
    method: 'POST',
    path: '/v1/look/like/:luid',
    errors: ['NOT_FOUND'],
    access: 'shopper',
    tags: ['Looks'],
    summary: 'Like a look (the fav filter lists them)',
    params: id('luid'),
    response: lookSchema,
  }),
  unlike: defineRoute({
    method: 'POST',
    path: '/v1/look/unlike/:luid',
    errors: ['NOT_FOUND'],
    access: 'shopper',
    tags: ['Looks'],
    summary: 'Take a like back',
    params: id('luid'),
    response: lookSchema,
  }),
  view: defineRoute({
    method: 'GET',
    path: '/v1/look/view/:l',
    errors: ['NOT_FOUND'],
    access: 'none',
    tags: ['Looks'],
    summary:
      "A look by its viewer token (share links); no key needed. The result only, never the shopper's photo",
    params: id('l'),
    response: sharedLookSchema,
  }),
};

export const tryOnRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/tryon/list',
    access: 'shopper',
    tags: ['Try-ons'],
    summary: "The shopper's try-ons, newest first (a private key lists all of the shop's)",
    query: listQuery(pageSizes.tryons),
    response: listOf(tryOnSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/v1/tryon/:tuid',
    errors: ['NOT_FOUND'],
    access: 'shopper',
    tags: ['Try-ons'],
    summary: 'One try-on, with its status; `wait` waits for it to finish',
    params: id('tuid'),
    query: waitQuery,
    response: tryOnSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/v1/tryon/add',
    errors: [
      'NOT_FOUND',
      'NO_BALANCE',
      'DAILY_LIMIT_REACHED',
      'CLIENT_DAILY_LIMIT_REACHED',
      'IDEMPOTENCY_KEY_INVALID',
      'IDEMPOTENCY_KEY_REUSED',
      'WEBHOOK_URL_NOT_ALLOWED',
      'PRIVATE_KEY_REQUIRED',
    ],
    access: 'shopper',
    tags: ['Try-ons'],
    summary: "A garment (guid or public code) on a model (muid) or on the shopper's photo (fuid)",
    description:
      'Give guid and exactly one of muid and fuid. Costs one try-on of the shop, counts against the daily ' +
      `limits, and answers 202 with the queued try-on; poll GET /v1/tryon/{tuid} (or pass wait). ${idempotency}`,
    query: z.object({
      guid: z.string().min(1).max(100),
      muid: z.string().min(1).max(100).optional(),
      fuid: z.string().min(1).max(100).optional(),
      webhook_url: webhookUrl,
    }),
    response: tryOnSchema,
    successStatus: 202,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/v1/tryon/remove/:tuid',
    errors: ['NOT_FOUND'],
    access: 'shopper',
    tags: ['Try-ons'],
    summary: 'Delete a try-on and its image',
    params: id('tuid'),
    response: ok,
  }),
  view: defineRoute({
    method: 'GET',
    path: '/v1/tryon/view/:t',
    errors: ['NOT_FOUND'],
    access: 'none',
    tags: ['Try-ons'],
    summary:
      "A try-on by its viewer token (share links); no key needed. The result only, never the shopper's photo",
    params: id('t'),
    response: sharedTryOnSchema,
  }),
};

const simpleDescription = (files: string) =>
  `Multipart form with ${files}, and a private key in the tokenapi header. Runs the same pipeline as the ` +
  'queued calls (one try-on is charged, refunded if the render fails) and waits for the result, up to ' +
  `${SIMPLE_RENDER_WAIT_SECONDS} s. Answers the image as image/jpeg; with \`Accept: application/json\` the ` +
  'item as JSON (with its image link) instead. A render that fails answers its error code (for example ' +
  '422 NO_PERSON); one that takes longer answers 202 with the queued item as JSON and a Location header.';

/** How a render can end other than done: the engines' refusals (each says what photo to use instead) and failures. */
const renderFailures = [
  'NO_PERSON',
  'NO_FACE',
  'NO_GARMENT',
  'PERSON_BACK_VIEW',
  'PERSON_SIDE_VIEW',
  'PERSON_TOO_SMALL',
  'PERSON_ARMS_CROSSED',
  'PERSON_BODY_HIDDEN',
  'GARMENT_BACKGROUND_BUSY',
  'FACE_TURNED_AWAY',
  'FACE_COVERED',
  'FACE_LONG_BEARD',
  'RENDER_TIMEOUT',
  'RENDER_FAILED',
  'ENGINE_UNAVAILABLE',
] as const;
/** A simple call pays, renders and answers in one request: any of these can come back. */
const simpleErrors = [
  'NO_BALANCE',
  'DAILY_LIMIT_REACHED',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IMAGE_NOT_FOUND',
  ...renderFailures,
  ...personCheckErrors,
] as const;

/** The simple endpoints of the private-key API docs: one call, one image. */
export const simpleRoutes = {
  tryOn: defineRoute({
    method: 'POST',
    path: '/v1/tryon/simple',
    errors: simpleErrors,
    access: 'private',
    tags: ['Simple'],
    summary: 'Try a garment photo on a person photo in one call',
    description: simpleDescription('the files `person_file` (a photo of a person) and `garment_file`'),
    files: [
      { name: 'person_file', description: 'A photo of a person, facing the camera' },
      { name: 'garment_file', description: 'A photo of the garment, flat on a plain background' },
    ],
    response: tryOnSchema,
    image: 'image/jpeg',
    accepted: true,
  }),
  look: defineRoute({
    method: 'POST',
    path: '/v1/look/simple',
    errors: simpleErrors,
    access: 'private',
    tags: ['Simple'],
    summary: 'Put the face of a photo on a model photo in one call',
    description: simpleDescription('the files `face_file` (a photo with a face) and `model_file`'),
    files: [
      { name: 'face_file', description: 'A photo with a face' },
      { name: 'model_file', description: 'The model photo the face goes on' },
    ],
    response: lookSchema,
    image: 'image/jpeg',
    accepted: true,
  }),
};
