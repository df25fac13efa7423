import { parentPort, workerData } from 'node:worker_threads';
import { decodeRgb } from '../image/raster.ts';
import { renderLook } from '../look/render-look.ts';
import { countPeople } from '../person/count-people.ts';
import { renderTryOn } from '../render-try-on.ts';
import { loadModels, type Models } from './load-models.ts';
import type { FromWorker, PoolWorkerData, RenderReply, RenderRequest, ToWorker } from './protocol.ts';
import { RenderCancelled, RenderRefusal } from './render-refusal.ts';
import { warmUp } from './warm-up.ts';

const port = parentPort;
if (!port) throw new Error('render-worker-main runs only as a worker thread');
const cancel = new Int32Array((workerData as PoolWorkerData).cancel);
/** The photo's longer side for counting people: BlazeFace and BlazePose read far less than this. */
const INSPECT_SIDE = 1024;
const send = (message: FromWorker<RenderReply>): void => port.postMessage(message);

async function render(models: Models, request: RenderRequest): Promise<RenderReply> {
  const checkpoint = (): void => {
    if (Atomics.load(cancel, 0) === 1) throw new RenderCancelled();
  };
  try {
    if (request.kind === 'inspect') {
      return {
        kind: 'inspected',
        ...(await countPeople(models, await decodeRgb(request.image, INSPECT_SIDE))),
      };
    }
    const out =
      request.kind === 'tryon'
        ? await renderTryOn(models, request, checkpoint)
        : await renderLook(models, request, checkpoint);
    return {
      kind: 'done',
      bytes: new Uint8Array(out.bytes),
      width: out.width,
      height: out.height,
      contentType: out.contentType,
    };
  } catch (error) {
    if (error instanceof RenderRefusal) return { kind: 'refused', code: error.code, message: error.message };
    if (error instanceof RenderCancelled) return { kind: 'cancelled' };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

try {
  const models = await loadModels();
  await warmUp(models);
  port.on('message', (message: ToWorker<RenderRequest>) => {
    void render(models, message.request).then((reply) => send({ type: 'reply', id: message.id, reply }));
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'start-failed', message: error instanceof Error ? error.message : String(error) });
}
