import { type ErrorCode, errorCatalog } from '@tryon/contract';

/** An expected failure: the error handler answers with its code, status and message. */
export class AppError extends Error {
  readonly status: number;

  readonly code: ErrorCode;

  /** Values a UI puts into the code's translated text (the error body's `details`). */
  readonly details: Record<string, number | string> | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, number | string>) {
    super(message ?? errorCatalog[code].message);
    this.code = code;
    this.status = errorCatalog[code].status;
    this.details = details;
  }
}
