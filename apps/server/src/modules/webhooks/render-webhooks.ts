import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RenderPresenter } from '../renders/render-presenter.ts';
import type { RenderRow } from '../renders/renders.repository.ts';
import type { WebhookEmitter } from './webhook-emitter.ts';

/** The completed or failed event of a finished try-on or look, to the shop's endpoints and its one-off URL. */
export class RenderWebhooks {
  private readonly emitter: WebhookEmitter;
  private readonly presenter: RenderPresenter;

  constructor(emitter: WebhookEmitter, presenter: RenderPresenter) {
    this.emitter = emitter;
    this.presenter = presenter;
  }

  async finished(trx: Kysely<Database>, row: RenderRow): Promise<void> {
    const outcome = row.status === 'done' ? 'completed' : 'failed';
    const data = row.kind === 'tryon' ? this.presenter.tryOn(row) : this.presenter.look(row);
    await this.emitter.emit(trx, row.shop_suid, `${row.kind}.${outcome}`, data, {
      oneOffUrl: row.webhook_url,
    });
  }
}
