import type { SerializedError } from '@reduxjs/toolkit';
import { type ClientError, errorCodeOf, errorDetailsOf, errorMessageOf } from '@tryon/client';

export type ApiFailure = ClientError | SerializedError | undefined;

const isClientError = (error: ApiFailure): error is ClientError =>
  error !== undefined && 'status' in error && error.status !== undefined;

/** The server's error code (errorCodeStr) of a failed call; undefined for transport failures. */
export function apiErrorCode(error: ApiFailure): string | undefined {
  if (!isClientError(error) || typeof error.status !== 'number') return undefined;
  return errorCodeOf(error);
}

/** The values the server sent for the code's text (IMAGE_TOO_SMALL names the minimum size). */
export function apiErrorDetails(error: ApiFailure): Record<string, number | string> | undefined {
  return isClientError(error) ? errorDetailsOf(error) : undefined;
}

/** The transport failure kind, when the call never got a JSON answer. */
export function transportFailure(
  error: ApiFailure,
): 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | undefined {
  if (!isClientError(error) || typeof error.status === 'number') return undefined;
  return error.status;
}

/** The server's English message, for logs and as a last resort. */
export const apiErrorMessage = (error: ApiFailure): string | undefined =>
  isClientError(error) ? errorMessageOf(error) : error?.message;

/** 401: the key is missing, wrong, inactive or its shop disabled: the user must sign in again. */
export const isUnauthorized = (error: ApiFailure): boolean => isClientError(error) && error.status === 401;
