import { type Face, PHOTO_CONSENT_VERSION } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import type { MutationDef, QueryDef } from '../../../lib/api/query-cache.ts';
import { faceUploadBody } from '../../../lib/image/image-input.ts';

/** The shopper's photos, newest first. */
export const faceListQuery: QueryDef<null, { items: Face[]; nextOffset: number | null }> = {
  name: 'faces',
  provides: ['Face'],
  run: (call, _args, signal) => call(routeTable.faces.list, { query: {} }, { signal }),
};

/**
 * Spec §4: adding or removing a face refreshes faces and looks. Try-ons too: removing a photo removes what was
 * made from it.
 */
export const addFace: MutationDef<Blob, Face> = {
  name: 'addFace',
  invalidates: ['Face', 'Look', 'Tryon'],
  run: (call, image) =>
    call(
      routeTable.faces.add,
      // Sent only once the shopper agreed (the photo buttons ask first); the server records it with the photo.
      { query: { consent: PHOTO_CONSENT_VERSION } },
      { body: faceUploadBody(image) },
    ),
};

/** Everything of this shopper: photos, try-ons and looks. */
export const removeEverything: MutationDef<null, { ok: true; photos: number; renders: number }> = {
  name: 'removeEverything',
  invalidates: ['Face', 'Look', 'Tryon'],
  run: (call) => call(routeTable.faces.removeAll, {}),
};

export const removeFace: MutationDef<string, { ok: true }> = {
  name: 'removeFace',
  invalidates: ['Face', 'Look', 'Tryon'],
  run: (call, fuid) => call(routeTable.faces.remove, { params: { fuid } }),
};
