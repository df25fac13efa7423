import sharp from 'sharp';
import { EngineError, type RenderEngine, type RenderOptions, type RenderResult } from '../engine.ts';
import { abortError } from '../render-error.ts';
import { fromHttpStatus, fromRuntimeError } from './fashn-failure.ts';
import { readOutput } from './read-output.ts';
import { retryAfterMs } from './retry-after.ts';
import { sleep } from './sleep.ts';

export interface FashnSettings {
  /** API root without the version, e.g. `https://api.fashn.ai`. */
  baseUrl: string;
  apiKey: string;
  /** Try-on model: `tryon-v1.6` (default) or `tryon-max`, which names its garment input `product_image`. */
  modelName?: string;
  pollIntervalMs?: number;
  /** The whole render, submit to downloaded image. */
  timeoutMs?: number;
}

/** FASHN's model swap with a face reference keeps the model photo's body, clothes and pose. */
const LOOK_MODEL = 'model-swap';
/** Transient 5xx answers or network errors tolerated in a row before the engine counts as unavailable. */
const MAX_TRANSIENT = 3;
const MAX_BACKOFF_MS = 10_000;

type Task = 'tryon' | 'look';

/**
 * FASHN's hosted API: POST /v1/run starts a prediction, GET /v1/status/{id} is polled until it completes
 * or fails; images go as base64 data URLs and come back the same way (`return_base64`).
 */
export function createFashnEngine(settings: FashnSettings): RenderEngine {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const modelName = settings.modelName ?? 'tryon-v1.6';
  const pollMs = settings.pollIntervalMs ?? 1500;
  const timeoutMs = settings.timeoutMs ?? 120_000;
  const headers = { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' };

  async function call(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json };
  }

  /** Sends one request, waiting out 429s (unless out of credits) and riding over brief 5xx or network errors. */
  async function patiently(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: unknown) {
    let transient = 0;
    for (let attempt = 0; ; attempt++) {
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call(method, path, signal, body);
      } catch (error) {
        if (signal.aborted) throw error;
        if (++transient >= MAX_TRANSIENT) {
          throw new EngineError('ENGINE_UNAVAILABLE', 'FASHN cannot be reached.', true, { cause: error });
        }
        await sleep(retryAfterMs(null, attempt, MAX_BACKOFF_MS), signal);
        continue;
      }
      const outOfCredits = (answer.json as { error?: unknown } | null)?.error === 'OutOfCredits';
      if (answer.status === 429 && !outOfCredits) {
        await sleep(retryAfterMs(answer.retryAfter, attempt, MAX_BACKOFF_MS), signal);
        continue;
      }
      if (answer.status >= 500 && ++transient < MAX_TRANSIENT) {
        await sleep(retryAfterMs(answer.retryAfter, attempt, MAX_BACKOFF_MS), signal);
        continue;
      }
      if (answer.status !== 200) throw fromHttpStatus(answer.status, answer.json);
      return answer.json;
    }
  }

  async function predict(
    model: string,
    inputs: Record<string, unknown>,
    task: Task,
    options?: RenderOptions,
  ) {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = options?.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    try {
      const started = await patiently('POST', '/v1/run', signal, { model_name: model, inputs });
      const id = (started as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || id === '') throw malformed('a prediction id');
      for (;;) {
        await sleep(pollMs, signal);
        const status = await patiently('GET', `/v1/status/${encodeURIComponent(id)}`, signal);
        const result = await settle(status, task, signal);
        if (result) return result;
      }
    } catch (error) {
      if (options?.signal?.aborted) throw abortError(options.signal);
      if (deadline.aborted) {
        throw new EngineError('RENDER_TIMEOUT', `FASHN did not finish within ${timeoutMs} ms.`, true, {
          cause: error,
        });
      }
      throw error;
    }
  }

  return {
    name: 'fashn',
    start: async () => {},
    renderTryOn: async ({ person, garment }, options) => {
      const garmentKey = modelName === 'tryon-max' ? 'product_image' : 'garment_image';
      const inputs = {
        model_image: await dataUrl(person),
        [garmentKey]: await dataUrl(garment),
        output_format: 'jpeg',
        return_base64: true,
      };
      return predict(modelName, inputs, 'tryon', options);
    },
    renderLook: async ({ face, model }, options) => {
      const inputs = {
        model_image: await dataUrl(model),
        face_reference: await dataUrl(face),
        face_reference_mode: 'match_base',
        output_format: 'jpeg',
        return_base64: true,
      };
      return predict(LOOK_MODEL, inputs, 'look', options);
    },
    close: async () => {},
  };
}

/** One status answer: the result, an error to throw, or null to keep polling. */
async function settle(status: unknown, task: Task, signal: AbortSignal): Promise<RenderResult | null> {
  const {
    status: state,
    output,
    error,
  } = (status ?? {}) as { status?: unknown; output?: unknown; error?: unknown };
  switch (state) {
    case 'starting':
    case 'in_queue':
    case 'processing':
      return null;
    case 'completed': {
      const first: unknown = Array.isArray(output) ? output[0] : undefined;
      if (typeof first !== 'string') throw malformed('an output image');
      return readOutput(first, signal);
    }
    case 'failed': {
      const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
      return Promise.reject(
        fromRuntimeError(
          { name: String(name ?? 'UnknownError'), message: String(message ?? 'no message') },
          task,
        ),
      );
    }
    case 'time_out':
      throw new EngineError('RENDER_TIMEOUT', 'FASHN timed the prediction out.', true);
    case 'canceled':
      throw new EngineError('RENDER_FAILED', 'FASHN cancelled the prediction.', true);
    default:
      throw malformed('a known status');
  }
}

const malformed = (what: string): EngineError =>
  new EngineError('RENDER_FAILED', `FASHN answered without ${what}.`, true);

/** FASHN takes images inline as data URLs with their type. */
async function dataUrl(bytes: Buffer): Promise<string> {
  const { format } = await sharp(bytes).metadata();
  const type = format === 'jpeg' || format === 'png' || format === 'webp' ? format : null;
  const body = type ? bytes : await sharp(bytes).jpeg({ quality: 92 }).toBuffer();
  return `data:image/${type ?? 'jpeg'};base64,${body.toString('base64')}`;
}
