import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { type ErrorCode, errorCatalog } from '@tryon/contract';

/**
 * Requests that fail before they are HTTP (headers too large, bytes that do not parse, too slow) never reach a
 * route or the error handler; Node's parser hands them here with the socket. They get our error shape too.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST';
  const { status, message } = errorCatalog[code];
  const requestId = randomUUID();
  const body = JSON.stringify({ errorCodeStr: code, errorMessage: message, requestId });
  socket.end(
    `HTTP/1.1 ${status} ${reason[status] ?? 'Bad Request'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n\r\n${body}`,
  );
}

const reason: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};
