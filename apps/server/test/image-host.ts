import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const typeOf = (url: string) =>
  url.includes('.json')
    ? 'application/json'
    : url.includes('.xml')
      ? 'application/xml'
      : url.includes('.tsv')
        ? 'text/tab-separated-values'
        : 'image/png';

/**
 * A local web server the URL imports fetch from (allowed by URL_IMPORT_ALLOW_PRIVATE=1 in these tests): files
 * by path and query, which a test may change between fetches; each answer waits `delayMs` when set.
 */
export async function startImageHost(images: Record<string, Buffer>, options: { delayMs?: number } = {}) {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    const body = images[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const send = () => res.writeHead(200, { 'content-type': typeOf(req.url ?? '') }).end(body);
    if (options.delayMs) setTimeout(send, options.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (p: string) => `${base}${p}`, hits: () => hits, close: () => server.close() };
}
