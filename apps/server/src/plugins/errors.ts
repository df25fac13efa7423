import { type ErrorCode, errorCatalog } from '@tryon/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { DAY_MS } from '../lib/clock.ts';

const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(errorCatalog, value);

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
};

/** The error shape, with the request's id to quote to support. */
const sendError = (
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, number | string>,
) =>
  reply.code(status).send({
    errorCodeStr: code,
    errorMessage: message,
    requestId: reply.request.id,
    ...(details ? { details } : {}),
  });

/** Every failure leaves as { errorCodeStr, errorMessage, requestId } with its status; bad input is never a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Daily limits open again at the next UTC midnight: say when.
      if (error.code === 'DAILY_LIMIT_REACHED' || error.code === 'CLIENT_DAILY_LIMIT_REACHED')
        reply.header('retry-after', String(Math.max(1, Math.ceil((DAY_MS - (Date.now() % DAY_MS)) / 1000))));
      return sendError(reply, error.status, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Update calls take only their own fields: a misspelt or unsupported one is named, not ignored.
      const unknown = error.validation.flatMap((issue) =>
        issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []) : [],
      );
      if (unknown.length > 0) {
        const fields = unknown.join(', ');
        return sendError(
          reply,
          400,
          'UNKNOWN_FIELD',
          `Unknown field${unknown.length > 1 ? 's' : ''}: ${fields}.`,
        );
      }
      const code = error.validation.map((issue) => issue.message ?? '').find(isErrorCode);
      if (code) return sendError(reply, errorCatalog[code].status, code, errorCatalog[code].message);
      const where = error.validationContext === 'querystring' ? '' : `${error.validationContext ?? ''}`;
      const details = error.validation
        .map(
          (issue) =>
            `${where}${issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'input'}: ${issue.message}`,
        )
        .join('; ');
      return sendError(reply, 400, 'VALIDATION_ERROR', details);
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return sendError(reply, errorCatalog[mapped].status, mapped, errorCatalog[mapped].message);
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'INTERNAL_ERROR', errorCatalog.INTERNAL_ERROR.message);
    }
    if (error.statusCode === 429) {
      return sendError(reply, 429, 'RATE_LIMITED', errorCatalog.RATE_LIMITED.message);
    }
    return sendError(reply, error.statusCode, 'VALIDATION_ERROR', error.message);
  });

  app.setNotFoundHandler((request, reply) => {
    const where = `${request.method} ${request.url.split('?')[0]}`;
    sendError(reply, 404, 'ROUTE_NOT_FOUND', `${errorCatalog.ROUTE_NOT_FOUND.message} (${where})`);
  });
}
