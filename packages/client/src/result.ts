/**
 * Failures in the shapes the UIs expect (those of RTK Query's fetchBaseQuery): a transport failure, a timeout,
 * an answer that is not JSON, or an HTTP error status with the server's body.
 */
export type ClientError =
  | { status: 'FETCH_ERROR'; error: string }
  | { status: 'TIMEOUT_ERROR'; error: string }
  | { status: 'PARSING_ERROR'; originalStatus: number; data: string; error: string }
  | { status: number; data: unknown };

export type Result<T> = { data: T; error?: undefined } | { data?: undefined; error: ClientError };

/** The server's error code of a failure, when it sent one. */
export function errorCodeOf(error: ClientError): string | undefined {
  if (typeof error.status !== 'number') return error.status;
  const data = error.data as { errorCodeStr?: unknown } | null;
  return typeof data?.errorCodeStr === 'string' ? data.errorCodeStr : undefined;
}

/** The values the server sent for the text of a failure's code (IMAGE_TOO_SMALL: minWidth, minHeight...). */
export function errorDetailsOf(error: ClientError): Record<string, number | string> | undefined {
  if (typeof error.status !== 'number' || !('data' in error)) return undefined;
  const details = (error.data as { details?: unknown } | null)?.details;
  return details && typeof details === 'object' ? (details as Record<string, number | string>) : undefined;
}

/** The server's message of a failure, when it sent one. */
export function errorMessageOf(error: ClientError): string | undefined {
  if ('error' in error) return error.error;
  const data = error.data as { errorMessage?: unknown } | null;
  return typeof data?.errorMessage === 'string' ? data.errorMessage : undefined;
}
