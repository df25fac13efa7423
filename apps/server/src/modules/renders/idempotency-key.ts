import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header of a billable call, if any; a malformed one is refused before anything else. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (Array.isArray(value) || !IDEMPOTENCY_KEY.test(value)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return value;
}
