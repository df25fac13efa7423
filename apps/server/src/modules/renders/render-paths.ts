import type { RenderKind } from '../../db/schema.ts';

/** Storage folder of a render: its result and, for the simple endpoints, its uploaded inputs. */
export const renderPrefix = (shopSuid: string, kind: RenderKind, id: string): string =>
  `shops/${shopSuid}/${kind}s/${id}/`;

/** Storage folder of a shopper's photo. */
export const facePrefix = (shopSuid: string, id: string): string => `shops/${shopSuid}/faces/${id}/`;

/** The inputs of each kind, as `part` of its image route. */
export const renderParts = { tryon: ['garment', 'person'], look: ['face', 'model'] } as const;
