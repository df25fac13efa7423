import type { RendersTable } from '../src/db/schema.ts';

/**
 * A try-on row as the render queue leaves a finished one, for tests that seed renders straight into the
 * database (statistics, failed renders): no inputs, no image, one attempt, finished at `at`. `change`
 * sets the rest (status, error, garment, ...).
 */
export function finishedRender(
  row: Pick<RendersTable, 'id' | 'shop_suid'>,
  at: number,
  change: Partial<RendersTable> = {},
): RendersTable {
  return {
    kind: 'tryon',
    client_id: 'c',
    token: `tok_${row.id}`,
    garment_id: null,
    model_id: null,
    face_id: null,
    person_key: null,
    garment_key: null,
    face_key: null,
    model_key: null,
    personal: 0,
    status: 'done',
    error_code: null,
    error_message: null,
    attempts: 1,
    outages: 0,
    abandons: 0,
    run_after: at,
    lease_until: null,
    charged: 0,
    image_key: null,
    image_width: null,
    image_height: null,
    liked_at: null,
    created_at: at,
    started_at: at,
    finished_at: at,
    webhook_url: null,
    ...row,
    ...change,
  };
}
