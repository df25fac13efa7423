import { createEngine, EngineError, type RenderResult } from '@tryon/engine';
import { asBuffer, type IsolatedReply, type IsolatedRequest } from './isolated-engine.ts';

/**
 * One isolated render: takes the request its parent sends, renders it with an engine of its own and answers
 * once. Should the parent go away, the render is no longer anyone's: the child stops at once.
 */
process.on('disconnect', () => process.exit(1));

process.once('message', (request: IsolatedRequest) => {
  void render(request)
    .then(
      (result): IsolatedReply => ({ type: 'done', result }),
      (error: unknown): IsolatedReply => ({ type: 'error', error: asReplyError(error) }),
    )
    .then((reply) => {
      process.send?.(reply, () => process.exit(0));
    });
});

async function render({ settings, job }: IsolatedRequest): Promise<RenderResult> {
  // One render: one worker thread.
  const engine = createEngine(settings.kind === 'builtin' ? { ...settings, workers: 1 } : settings);
  try {
    await engine.start();
    if (job.kind === 'tryon') {
      const { person, garment, garmentCategory } = job.input;
      return await engine.renderTryOn({
        person: asBuffer(person),
        garment: asBuffer(garment),
        ...(garmentCategory === undefined ? {} : { garmentCategory }),
      });
    }
    return await engine.renderLook({ face: asBuffer(job.input.face), model: asBuffer(job.input.model) });
  } finally {
    await engine.close();
  }
}

function asReplyError(error: unknown): Extract<IsolatedReply, { type: 'error' }>['error'] {
  if (error instanceof EngineError) {
    return { code: error.code, message: error.message, retryable: error.retryable };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'RENDER_FAILED', message: `Rendering failed: ${message}`, retryable: true };
}
