import { type ErrorCode, errorCatalog } from '@tryon/contract';

/** An expected failure: the error handler answers with its code, status and message. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? errorCatalog[code].message);
    this.status = errorCatalog[code].status;
  }
}
