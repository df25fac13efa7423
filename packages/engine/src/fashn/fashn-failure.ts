import { EngineError } from '../engine.ts';

/** What FASHN reports when a prediction fails: `{ name, message }` (their runtime error catalogue). */
export interface FashnRuntimeError {
  name: string;
  message: string;
}

/**
 * Maps a failed prediction to our codes. Names are FASHN's documented runtime errors; the face check is a
 * heuristic, because their catalogue has no face-specific name (a model swap that finds no face says so in
 * the message).
 */
export function fromRuntimeError(error: FashnRuntimeError, task: 'tryon' | 'look'): EngineError {
  const text = `FASHN ${error.name}: ${error.message}`;
  if (task === 'look' && (/face/i.test(error.message) || error.name === 'PoseError')) {
    return new EngineError('NO_FACE', text);
  }
  switch (error.name) {
    case 'PoseError':
      return new EngineError('NO_PERSON', text);
    case 'PhotoTypeError':
      return new EngineError('NO_GARMENT', text);
    case 'PollingTimeout':
      return new EngineError('RENDER_TIMEOUT', text, true);
    case 'PipelineError':
    case 'InternalServerError':
    case '3rdPartyProviderError':
      return new EngineError('RENDER_FAILED', text, true);
    default:
      // ImageLoadError, ContentModerationError, NSFWError, InputValidationError, ThirdPartyError and
      // anything new: an answer about these inputs, which the same inputs will get again.
      return new EngineError('RENDER_FAILED', text, false);
  }
}

/** Maps an HTTP refusal (no prediction started, or a status poll refused) to our codes. */
export function fromHttpStatus(status: number, body: unknown): EngineError {
  const detail = describe(body);
  if (status === 401 || status === 403) {
    return new EngineError('ENGINE_UNAVAILABLE', `FASHN refused the API key (${status})${detail}`, false);
  }
  if (status === 429) {
    return new EngineError('ENGINE_UNAVAILABLE', `FASHN is out of credits or rate limited${detail}`, false);
  }
  if (status >= 500) return new EngineError('ENGINE_UNAVAILABLE', `FASHN answered ${status}${detail}`, true);
  if (status === 404)
    return new EngineError('RENDER_FAILED', `FASHN lost the prediction (404)${detail}`, true);
  return new EngineError('RENDER_FAILED', `FASHN refused the request (${status})${detail}`, false);
}

function describe(body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    const parts = [error, message].filter((v): v is string => typeof v === 'string');
    if (parts.length > 0) return `: ${parts.join(': ')}`;
  }
  return '';
}
