import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ResolveHost } from './guarded-lookup.ts';

/**
 * Test helpers for the URL importer (not used by the server itself): a real HTTP server on 127.0.0.1 that
 * counts what reaches it, and a DNS stand-in.
 */
export type TestServer = {
  port: number;
  /** `http://127.0.0.1:<port><path>` */
  url: (path?: string) => string;
  /** TCP connections accepted: the proof that a refused import never got here. */
  connections: () => number;
  requests: IncomingHttpHeaders[];
  sockets: Socket[];
  close: () => Promise<void>;
};

export async function startServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestServer> {
  const requests: IncomingHttpHeaders[] = [];
  const sockets: Socket[] = [];
  const server = createServer((request, response) => {
    requests.push(request.headers);
    handler(request, response);
  });
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    connections: () => sockets.length,
    requests,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A resolver answering from a table, recording every question; unknown names fail like NXDOMAIN. */
export function fakeDns(table: Record<string, string | string[] | (() => string[])>): {
  lookup: ResolveHost;
  asked: string[];
} {
  const asked: string[] = [];
  const lookup: ResolveHost = async (hostname) => {
    asked.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    const addresses = typeof entry === 'function' ? entry() : Array.isArray(entry) ? entry : [entry];
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

export function makePng(size = 400): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
}

/** Resolves when the server side of a connection is gone, rejects if it lingers. */
export function closedWithin(socket: Socket | undefined, ms: number): Promise<void> {
  if (!socket) return Promise.reject(new Error('no socket'));
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The error the import fails with; fails the test when the import succeeds. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the import should have failed'),
    (error: unknown) => error,
  );
}
