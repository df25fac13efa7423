import type { Face, Look, TryOn } from '@tryon/contract';
import type { FacesTable } from '../../db/schema.ts';
import type { ImageLinks } from '../../lib/image-links.ts';
import { versionOf } from '../../lib/storage/atomic-media.ts';
import type { RenderRow } from './renders.repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Faces, try-ons and looks as the API shows them, with signed image links. */
export class RenderPresenter {
  private readonly links: ImageLinks;

  constructor(links: ImageLinks) {
    this.links = links;
  }

  face(row: FacesTable): Face {
    return {
      fuid: row.id,
      image: this.links.sign('face', row.id, versionOf(row.image_key)),
      width: row.image_width,
      height: row.image_height,
      created: new Date(row.created_at).toISOString(),
    };
  }

  tryOn(row: RenderRow): TryOn {
    return {
      tuid: row.id,
      suid: row.shop_suid,
      t: row.token,
      guid: row.garment_id,
      muid: row.model_id,
      fuid: row.face_id,
      garmentImage: this.part(row, 'garment', row.garment_key),
      personImage: this.part(row, 'person', row.person_key),
      ...this.common(row),
    };
  }

  look(row: RenderRow): Look {
    return {
      luid: row.id,
      suid: row.shop_suid,
      l: row.token,
      fuid: row.face_id,
      muid: row.model_id,
      liked: row.liked_at !== null,
      faceImage: this.part(row, 'face', row.face_key),
      modelImage: this.part(row, 'model', row.model_key),
      ...this.common(row),
    };
  }

  private common(row: RenderRow) {
    const failed = row.status === 'failed';
    return {
      status: row.status,
      errorCode: failed ? row.error_code : null,
      errorMessage: failed ? row.error_message : null,
      image:
        row.status === 'done' && row.image_key
          ? this.links.sign(row.kind, row.id, versionOf(row.image_key))
          : null,
      created: new Date(row.created_at).toISOString(),
      finished: iso(row.finished_at),
    };
  }

  /** A signed link to an input, on the render's route; signed with its part, so the result's link opens no input. */
  private part(row: RenderRow, part: string, key: string | null): string | null {
    return key === null ? null : this.links.sign(row.kind, row.id, versionOf(key), part);
  }
}
