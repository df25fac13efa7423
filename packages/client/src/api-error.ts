import type { ErrorCode } from '@tryon/contract';
import { type ClientError, errorCodeOf, errorMessageOf, type Result } from './result.ts';

/** A code of the API's error list, or a failure on the way there (no answer, a timeout, an answer not JSON). */
export type ApiErrorCode = ErrorCode | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'UNKNOWN_ERROR';

/** A failed call as a thrown value: `code` is the API's `errorCodeStr` (see the API guide's table). */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  readonly failure: ClientError;

  constructor(failure: ClientError) {
    const code = errorCodeOf(failure);
    super(errorMessageOf(failure) ?? `Request failed (${String(failure.status)})`);
    this.name = 'ApiError';
    this.failure = failure;
    this.status = typeof failure.status === 'number' ? failure.status : 0;
    this.code = (code as ApiErrorCode | undefined) ?? 'UNKNOWN_ERROR';
  }
}

/** Whether a thrown value is an ApiError, with one of these codes when any are given. */
export function isApiError<C extends ApiErrorCode>(
  error: unknown,
  ...codes: C[]
): error is ApiError & { code: C } {
  return error instanceof ApiError && (codes.length === 0 || (codes as ApiErrorCode[]).includes(error.code));
}

/** The data of a call's result; throws its ApiError when it failed. */
export function unwrap<T>(result: Result<T>): T {
  if (result.error) throw new ApiError(result.error);
  return result.data;
}
