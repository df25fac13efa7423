import { type ErrorCode, errorCatalog } from '@tryon/contract';

/** An expected failure: the error handler answers with its code, status and message. */
export class AppError extends Error {
  readonly status: number;

  readonly code: ErrorCode;

  constructor(code: ErrorCode, message?: string) {
    super(message ?? errorCatalog[code].message);
    this.code = code;
    this.status = errorCatalog[code].status;
  }
}
