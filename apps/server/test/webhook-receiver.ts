import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A real HTTP endpoint on 127.0.0.1 that records each webhook and answers with the status a test sets. */
export interface WebhookReceiver {
  url: (path?: string) => string;
  received: Received[];
  /** The status the next answers carry (200 unless set). */
  answer(status: number, body?: string): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let status = 200;
  let reply = 'ok';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '/',
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer(next, body = status === next ? reply : `answer ${next}`) {
      status = next;
      reply = body;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's check from docs/api.md, word for word: signature and a timestamp at most 5 minutes off. */
export function verifyWebhook(header: string, body: string, secret: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
