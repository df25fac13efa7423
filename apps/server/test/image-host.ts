import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local web server the URL imports fetch from (allowed by URL_IMPORT_ALLOW_PRIVATE=1 in these tests). */
export async function startImageHost(images: Record<string, Buffer>) {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    const body = images[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (p: string) => `${base}${p}`, hits: () => hits, close: () => server.close() };
}
