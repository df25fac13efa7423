import { z } from 'zod';

/**
 * Every error the API returns. The UIs translate `errorCodeStr`; `message` is the English text the server
 * sends as `errorMessage`, and `status` the HTTP status it comes with.
 */
export const errorCatalog = {
  // Generic request problems
  VALIDATION_ERROR: { status: 400, message: 'The request is invalid.' },
  UNKNOWN_FIELD: { status: 400, message: 'The request has a field this call does not take.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read as HTTP.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'There is no such API route.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please slow down and try again.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },

  // Sign-in (spec §8)
  WRONG_EMAIL: { status: 400, message: 'Wrong email. Please enter different mail address.' },
  TOO_MANY_CODES: {
    status: 429,
    message: 'You requested too many verification codes. Please wait 90 seconds before trying again.',
  },
  DAILY_CODE_LIMIT: {
    status: 429,
    message: 'Too many verification codes were requested for this address today. Please try again tomorrow.',
  },
  WRONG_CODE: { status: 400, message: 'Wrong verification code. Please try again.' },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: 'Too many attempts to enter the code. Please start the registration process again.',
  },
  CODE_EXPIRED: {
    status: 400,
    message: 'This verification code has expired or was already used. Please request a new one.',
  },
  MAIL_SEND_FAILED: { status: 502, message: 'Error sending verification code, please try again' },
  GOOGLE_SIGNIN_FAILED: { status: 401, message: 'Google login failed, please try again' },
  GOOGLE_SIGNIN_DISABLED: { status: 404, message: 'Google sign-in is not configured on this server.' },

  // Keys and access
  API_KEY_MISSING: { status: 401, message: 'An API key is required in the tokenapi header.' },
  API_KEY_INVALID: { status: 401, message: 'This API key is not valid.' },
  API_KEY_INACTIVE: { status: 401, message: 'This API key is inactive.' },
  SHOP_DISABLED: { status: 401, message: 'This shop is disabled. Please contact support.' },
  PRIVATE_KEY_REQUIRED: { status: 403, message: 'This call needs a private API key.' },
  DOMAIN_NOT_ALLOWED: { status: 403, message: 'This key may not be used from this domain.' },
  CLIENT_UUID_REQUIRED: { status: 400, message: 'Shopper calls need a clientuuid header.' },
  CONSENT_REQUIRED: {
    status: 428,
    message: 'Please agree to how your photo is kept and deleted before uploading it.',
  },
  SHOPPER_ONLY: { status: 403, message: 'Only a shopper (public key) can do this.' },
  ADMIN_ONLY: { status: 403, message: 'Only administrators may do this.' },
  KEY_NOT_FOUND: { status: 404, message: 'There is no such key in your shop.' },
  KEY_ALREADY_ROLLED: {
    status: 409,
    message: 'This key was already rolled and stops working soon. Roll its replacement instead.',
  },
  INVALID_ALLOWED_DOMAINS: {
    status: 400,
    message: 'Allowed domains must be host names such as shop.com or *.shop.com, or * for any.',
  },

  // Shops and plans
  SHOP_NOT_FOUND: { status: 404, message: 'There is no such shop.' },
  SHOP_EXISTS: { status: 409, message: 'A shop with this e-mail already exists.' },
  EMAIL_TAKEN: { status: 409, message: 'This e-mail belongs to another account.' },
  FIELD_NOT_EDITABLE: { status: 403, message: 'You may not change this field.' },
  UNKNOWN_TARIFF: { status: 400, message: 'There is no such tariff.' },
  DAILY_LIMIT_REACHED: {
    status: 429,
    message: "The shop's daily limit for this is reached. Please try again tomorrow.",
  },
  NOT_FOUND: { status: 404, message: 'There is no such item in this shop.' },
  NO_BALANCE: { status: 402, message: 'No try-ons left. Please choose a plan on the billing page.' },

  // Images and URL imports
  IMAGE_REQUIRED: { status: 400, message: 'Give an image file or an image URL.' },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than 10 MB.' },
  IMAGE_TYPE_NOT_ALLOWED: { status: 415, message: 'Only JPG, PNG, WebP and AVIF images are accepted.' },
  IMAGE_TOO_SMALL: { status: 400, message: 'The image is smaller than the minimum size.' },
  IMAGE_TOO_MANY_PIXELS: { status: 400, message: 'The image has too many pixels.' },
  IMAGE_UNREADABLE: { status: 400, message: 'The image could not be read.' },
  IMAGE_NOT_FOUND: { status: 404, message: 'There is no such image.' },
  URL_NOT_ALLOWED: {
    status: 400,
    message: 'This URL cannot be imported: only http and https addresses on the public internet are allowed.',
  },
  URL_FETCH_FAILED: { status: 422, message: 'The image could not be downloaded from this URL.' },
  URL_FETCH_TIMEOUT: { status: 422, message: 'The image URL took too long to answer.' },
  URL_NOT_IMAGE: { status: 415, message: 'This URL does not point to a JPG, PNG, WebP or AVIF image.' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'Image storage is unavailable. Please try again.' },

  // Try-ons, looks and rendering. A failed render keeps its code on the try-on or look (`errorCode`).
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'An Idempotency-Key must be 1 to 255 visible ASCII characters.',
  },
  CLIENT_DAILY_LIMIT_REACHED: {
    status: 429,
    message: 'You have reached your daily limit for this. Please try again tomorrow.',
  },
  NO_PERSON: { status: 422, message: 'No person was found in the photo. Please use a photo of one person.' },
  MULTIPLE_PEOPLE: {
    status: 422,
    message: 'There is more than one person in the photo. Please use a photo of one person alone.',
  },
  NO_FACE: { status: 422, message: 'No face was found in the photo. Please use a photo with a clear face.' },
  NO_GARMENT: {
    status: 422,
    message: 'The garment could not be found in its photo. Use a flat photo on a plain background.',
  },
  // Refusals: photos the built-in engine cannot dress well; each says what to use instead.
  PERSON_BACK_VIEW: {
    status: 422,
    message: 'The person is seen from the back. Please use a photo taken from the front.',
  },
  PERSON_SIDE_VIEW: {
    status: 422,
    message:
      'The person is turned sideways or away from the camera. Please use a photo facing the camera, or turned only slightly.',
  },
  PERSON_TOO_SMALL: {
    status: 422,
    message:
      'The person is too small in the photo. Please use a photo where the body fills most of the height.',
  },
  PERSON_ARMS_CROSSED: {
    status: 422,
    message:
      'Arms crossed or held across the body get in the way of the garment. Please use a photo with the arms at the sides.',
  },
  PERSON_BODY_HIDDEN: {
    status: 422,
    message:
      'Too little of the body is in the photo for this garment. Please use a photo that shows it from head to hips (to the knees for dresses, skirts and trousers).',
  },
  GARMENT_BACKGROUND_BUSY: {
    status: 422,
    message:
      'The garment photo has a busy background. Please use a photo of the garment laid flat on a plain background.',
  },
  FACE_TURNED_AWAY: {
    status: 422,
    message:
      'The faces are turned too differently to swap well. Please use a face photo looking at the camera.',
  },
  FACE_COVERED: {
    status: 422,
    message:
      'The eyes are hidden (sunglasses, glasses reflecting light, hair or a hand) in the face photo or on the model. Please use photos where both eyes are open and uncovered.',
  },
  FACE_LONG_BEARD: {
    status: 422,
    message:
      'The beard in the face photo reaches below the chin, and a look carries the face only, so it would be cut off. Please use a face photo without a long beard.',
  },
  RENDER_TIMEOUT: { status: 504, message: 'Rendering took too long. Please try again.' },
  RENDER_FAILED: { status: 502, message: 'Rendering failed. Please try again.' },
  ENGINE_UNAVAILABLE: { status: 503, message: 'The render engine is unavailable. Please try again later.' },
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 400,
    message:
      'Webhooks go only to http and https addresses on the public internet, without user name or password.',
  },
  IMPORT_TOO_MANY_ROWS: { status: 400, message: 'The source has more rows than one import may have.' },
  IMPORT_SOURCE_UNREADABLE: {
    status: 400,
    message: 'The source could not be read: check its format and columns.',
  },
  IMPORT_FINISHED: { status: 409, message: 'This import has already finished.' },
  IMPORT_FILE_TOO_LARGE: {
    status: 413,
    message: 'The CSV file is larger than 10 MB; split it into several files.',
  },
  IMPORT_SOURCE_TOO_LARGE: { status: 400, message: 'The feed or store page is larger than 50 MB.' },
  IMPORT_NOT_SYNCABLE: { status: 400, message: 'Only a feed or store URL import can be re-synced daily.' },
  BAD_PRICE: { status: 400, message: 'The price must be a number, such as 19.99.' },
  IMPORT_BAD_PRICE: { status: 400, message: 'The price is not a number (with an optional currency).' },
  IMPORT_BAD_URL: { status: 400, message: 'The product page URL is not an http or https address.' },
  IMPORT_DUPLICATE_ROW: { status: 400, message: 'An earlier row of the source has the same product.' },
  WEBHOOK_LIMIT_REACHED: { status: 409, message: 'A shop may have at most 16 webhook endpoints.' },
  RENDER_PENDING: {
    status: 409,
    message: 'This is still being rendered. Please wait until it is done.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;
export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

/** What the person check at upload answers for a shopper's or a model photo (none, or several people). */
export const personCheckErrors = ['NO_PERSON', 'MULTIPLE_PEOPLE'] as const satisfies readonly ErrorCode[];

export const errorBodySchema = z
  .object({
    errorCodeStr: z.string().describe('Machine-readable code, UPPER_SNAKE, listed in the API guide'),
    errorMessage: z.string().describe('English text; the UIs show a translation of errorCodeStr'),
    requestId: z
      .string()
      .optional()
      .describe('The X-Request-Id of the answer: quote it to support; the server logs it with the request'),
    details: z
      .record(z.string(), z.union([z.number(), z.string()]))
      .optional()
      .describe(
        'Values the texts of some codes name: IMAGE_TOO_SMALL gives width, height, minWidth and minHeight (px)',
      ),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
