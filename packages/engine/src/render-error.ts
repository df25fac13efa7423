import { EngineError } from './engine.ts';

/**
 * The error a render rejects with when its signal aborts: a timeout is worth retrying and says so with its
 * own code; any other abort (the caller gave up) is a plain failure.
 */
export function abortError(signal: AbortSignal): EngineError {
  const reason: unknown = signal.reason;
  const isTimeout = reason instanceof Error && reason.name === 'TimeoutError';
  return isTimeout
    ? new EngineError('RENDER_TIMEOUT', 'The render took too long and was stopped.', true, { cause: reason })
    : new EngineError('RENDER_FAILED', 'The render was cancelled.', true, { cause: reason });
}
