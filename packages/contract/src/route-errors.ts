import type { ErrorCode } from './errors.ts';
import type { Access, RouteDef } from './route.ts';

/** What the key check may answer at each access level (the server's authenticate plugin). */
const accessErrors: Record<Access, readonly ErrorCode[]> = {
  none: [],
  private: [
    'API_KEY_MISSING',
    'API_KEY_INVALID',
    'API_KEY_INACTIVE',
    'SHOP_DISABLED',
    'PRIVATE_KEY_REQUIRED',
  ],
  shopper: [
    'API_KEY_MISSING',
    'API_KEY_INVALID',
    'API_KEY_INACTIVE',
    'SHOP_DISABLED',
    'DOMAIN_NOT_ALLOWED',
    'CLIENT_UUID_REQUIRED',
  ],
  admin: ['API_KEY_MISSING', 'API_KEY_INVALID', 'API_KEY_INACTIVE', 'SHOP_DISABLED', 'ADMIN_ONLY'],
};

/** What reading and checking an uploaded image may answer. */
const uploadErrors: readonly ErrorCode[] = [
  'IMAGE_REQUIRED',
  'IMAGE_TOO_LARGE',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNREADABLE',
  'STORAGE_UNAVAILABLE',
];

/**
 * Every error code a route may answer: those of any request (bad input, body parsing for POST, rate limit,
 * internal error), of its access level, of an upload, and the route's own. The OpenAPI document lists them
 * per status; the SDK types its errors by them.
 */
export function routeErrorCodes(def: RouteDef): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (def.params || def.query || def.files || def.image) codes.push('VALIDATION_ERROR');
  if (def.method === 'POST') codes.push('INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE');
  if (def.signedLink) codes.push(...accessErrors.shopper.filter((c) => c !== 'CLIENT_UUID_REQUIRED'));
  else codes.push(...accessErrors[def.access]);
  if (def.files) codes.push(...uploadErrors);
  codes.push(...(def.errors ?? []), 'RATE_LIMITED', 'INTERNAL_ERROR');
  return [...new Set(codes)];
}
