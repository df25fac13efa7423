import { type ErrorCode, errorCatalog } from '@tryon/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Every failure leaves as { errorCodeStr, errorMessage } with its status; bad input is never a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Daily limits open again at the next UTC midnight: say when.
      if (error.code === 'DAILY_LIMIT_REACHED' || error.code === 'CLIENT_DAILY_LIMIT_REACHED')
        reply.header('retry-after', String(Math.max(1, Math.ceil((DAY_MS - (Date.now() % DAY_MS)) / 1000))));
      return reply.code(error.status).send({ errorCodeStr: error.code, errorMessage: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const code = error.validation.map((issue) => issue.message ?? '').find(isErrorCode);
      if (code) {
        return reply
          .code(errorCatalog[code].status)
          .send({ errorCodeStr: code, errorMessage: errorCatalog[code].message });
      }
      const where = error.validationContext === 'querystring' ? '' : `${error.validationContext ?? ''}`;
      const details = error.validation
        .map(
          (issue) =>
            `${where}${issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'input'}: ${issue.message}`,
        )
        .join('; ');
      return reply.code(400).send({ errorCodeStr: 'VALIDATION_ERROR', errorMessage: details });
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      return reply
        .code(errorCatalog[mapped].status)
        .send({ errorCodeStr: mapped, errorMessage: errorCatalog[mapped].message });
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ errorCodeStr: 'INTERNAL_ERROR', errorMessage: errorCatalog.INTERNAL_ERROR.message });
    }
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ errorCodeStr: 'RATE_LIMITED', errorMessage: errorCatalog.RATE_LIMITED.message });
    }
    return reply
      .code(error.statusCode)
      .send({ errorCodeStr: 'VALIDATION_ERROR', errorMessage: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      errorCodeStr: 'ROUTE_NOT_FOUND',
      errorMessage: `${errorCatalog.ROUTE_NOT_FOUND.message} (${request.method} ${request.url.split('?')[0]})`,
    });
  });
}
