import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { routes } from '@tryon/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok } from '../../test/api.ts';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Sends raw bytes to a listening server and returns what came back, as text. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

const bodyOf = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('request ids, rate-limit headers and transport errors', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' }, undefined, { logger });
  });
  afterAll(() => t.close());

  it('keeps a sane X-Request-Id, answers it in the header, the error body and the log', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: '/v1/nope',
      headers: { 'x-request-id': 'checkout-42' },
    });
    expect(res.headers['x-request-id']).toBe('checkout-42');
    expect(res.body).toMatchObject({ errorCodeStr: 'ROUTE_NOT_FOUND', requestId: 'checkout-42' });
    expect(lines.filter((l) => l.reqId === 'checkout-42').length).toBeGreaterThan(0);
  });

  it('makes an id when none or an unsafe one is given, also on answers that succeed', async () => {
    const fine = await t.app.inject({ method: 'GET', url: '/v1/public/config' });
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['x-request-id']).toMatch(UUID);
    for (const unsafe of ['has space', 'x'.repeat(129), 'a\u00e9b', 'line"break']) {
      const res = await call(t.app, { method: 'GET', url: '/v1/nope', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('sends the IETF RateLimit headers, and Retry-After with RATE_LIMITED on a 429', async () => {
    const client = api(t, { remoteAddress: '203.0.113.9' });
    const first = await t.app.inject({
      method: 'GET',
      url: '/v1/public/config',
      remoteAddress: '203.0.113.9',
    });
    expect(first.headers['ratelimit-policy']).toBe('"minute";q=5;w=60');
    expect(first.headers.ratelimit).toMatch(/^"minute";r=4;t=\d+$/);
    for (let i = 0; i < 4; i++) ok(await client.call(routes.auth.publicConfig, {}));
    const refused = await t.app.inject({
      method: 'GET',
      url: '/v1/public/config',
      remoteAddress: '203.0.113.9',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toMatch(/^"minute";r=0;t=\d+$/);
    expect(JSON.parse(refused.body)).toMatchObject({
      errorCodeStr: 'RATE_LIMITED',
      requestId: expect.any(String),
    });
    expect(failed(await client.call(routes.auth.publicConfig, {}), 429).errorCodeStr).toBe('RATE_LIMITED');
  });

  it('answers malformed JSON, a wrong media type and an oversized body in the error shape with the id', async () => {
    const cases = [
      { type: 'application/json', payload: '{"email":', status: 400, code: 'INVALID_JSON' },
      { type: 'text/xml', payload: '<a/>', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      {
        type: 'application/json',
        payload: `"${'x'.repeat(1_100_000)}"`,
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const [i, c] of cases.entries()) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/v1/user/mail/register',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { 'content-type': c.type, 'x-request-id': `case-${i}` },
        payload: c.payload,
      });
      expect(res).toMatchObject({ status: c.status, body: { errorCodeStr: c.code, requestId: `case-${i}` } });
      expect(res.headers['x-request-id']).toBe(`case-${i}`);
    }
  });

  describe('over a socket', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    it('answers headers over 16 KB with 431 HEADERS_TOO_LARGE in the error shape', async () => {
      const answer = await rawRequest(
        port,
        `GET /v1/public/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1.1 431 /);
      const id = /x-request-id: (\S+)/i.exec(answer)?.[1];
      expect(id).toMatch(UUID);
      expect(bodyOf(answer)).toEqual({
        errorCodeStr: 'HEADERS_TOO_LARGE',
        errorMessage: 'The request headers are too large.',
        requestId: id,
      });
    });

    it('answers bytes that are not HTTP with 400 BAD_REQUEST in the error shape', async () => {
      const answer = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1.1 400 /);
      expect(bodyOf(answer)).toMatchObject({ errorCodeStr: 'BAD_REQUEST', requestId: expect.any(String) });
    });
  });
});
