import type { RenderKind } from '../../db/schema.ts';

/** Storage folder of a render: its result and, for the simple endpoints, its uploaded inputs. */
export const renderPrefix = (shopSuid: string, kind: RenderKind, id: string): string =>
  `shops/${shopSuid}/${kind}s/${id}/`;

/** Storage folder of a shopper's photo. */
export const facePrefix = (shopSuid: string, id: string): string => `shops/${shopSuid}/faces/${id}/`;
