import type { ServerResponse } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchImageFromUrl } from './fetch-image.ts';
import { closedWithin, failure, fakeDns, makePng, startServer, type TestServer } from './test-server.ts';

let png: Buffer;
beforeAll(async () => {
  png = await makePng();
});

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}

const servePng = () =>
  serve((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));

describe('fetchImageFromUrl: URLs', () => {
  it('refuses schemes other than http(s), credentials and garbage, even with private networks allowed', async () => {
    const server = await servePng();
    const { port } = server;
    for (const url of [
      'file:///etc/passwd',
      `ftp://127.0.0.1:${port}/a.png`,
      `data:image/png;base64,${png.toString('base64')}`,
      `gopher://127.0.0.1:${port}/_GET`,
      'javascript:alert(1)',
      `ws://127.0.0.1:${port}/`,
      `blob:http://127.0.0.1:${port}/x`,
      `http://user:pass@127.0.0.1:${port}/a.png`,
      `http://user@127.0.0.1:${port}/a.png`,
      `http://:pass@127.0.0.1:${port}/a.png`,
      '/relative.png',
      'not a url',
      '',
    ]) {
      const error = await failure(fetchImageFromUrl(url, { allowPrivateNetworks: true }));
      expect(error, url).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
    expect(server.connections()).toBe(0);
  });
});

describe('fetchImageFromUrl: addresses', () => {
  it('refuses loopback in every spelling before connecting', async () => {
    const server = await servePng();
    const { port } = server;
    const urls = [
      '127.0.0.1',
      '2130706433', // decimal
      '0x7f000001',
      '0x7f.1', // hex, short
      '0177.0.0.1', // octal
      '017700000001',
      '127.1', // short
      '127.0.0.1.', // trailing dot
      '0.0.0.0', // connects to the local host on Linux
      '0',
      '[::1]',
      '[::]',
      '[0:0:0:0:0:0:0:1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:ffff:127.0.0.1]',
      '[::127.0.0.1]',
    ].flatMap((host) => [`http://${host}:${port}/a.png`, `https://${host}:${port}/a.png`]);
    urls.push(`http://LOCALHOST:${port}/a.png`, `https://localhost:${port}/a.png`); // the system resolver
    for (const url of urls) {
      const error = await failure(fetchImageFromUrl(url, { timeoutMs: 1000 }));
      expect(error, url).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
    expect(server.connections()).toBe(0);
    // Control: the same server is reachable when private networks are allowed.
    await expect(
      fetchImageFromUrl(server.url('/a.png'), { allowPrivateNetworks: true }),
    ).resolves.toMatchObject({
      contentType: 'image/png',
    });
  });

  it('refuses private, link-local, metadata and special IPv6 literals', async () => {
    for (const host of [
      '169.254.169.254',
      '0xa9fea9fe', // the metadata address in hex
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '100.64.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '[fe80::1]',
      '[fc00::1]',
      '[fd00:ec2::254]', // the IPv6 metadata address on AWS
      '[ff02::1]',
      '[64:ff9b::7f00:1]',
      '[2001:db8::1]',
      '[::ffff:a9fe:a9fe]',
      '[::ffff:10.0.0.1]',
    ]) {
      const url = `http://${host}/latest/meta-data/`;
      const error = await failure(fetchImageFromUrl(url, { timeoutMs: 500 }));
      expect(error, url).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
  });

  it('refuses a name resolving to a private address, at connect time', async () => {
    const server = await servePng();
    const dns = fakeDns({
      'images.shop.test': '127.0.0.1',
      'meta.shop.test': '169.254.169.254',
      'intranet.shop.test': '10.0.0.7',
      'v6.shop.test': '::1',
      'linklocal.shop.test': 'fe80::1',
      'mapped.shop.test': '::ffff:127.0.0.1',
    });
    const names = ['images', 'meta', 'intranet', 'v6', 'linklocal', 'mapped'].map((n) => `${n}.shop.test`);
    for (const name of names) {
      for (const scheme of ['http', 'https']) {
        const url = `${scheme}://${name}:${server.port}/a.png`;
        const error = await failure(fetchImageFromUrl(url, { lookup: dns.lookup, timeoutMs: 1000 }));
        expect(error, url).toMatchObject({ code: 'URL_NOT_ALLOWED' });
      }
    }
    expect(dns.asked).toHaveLength(12);
    expect(server.connections()).toBe(0);
    // Control: the name does lead to the server once private networks are allowed.
    const image = await fetchImageFromUrl(`http://images.shop.test:${server.port}/a.png`, {
      lookup: dns.lookup,
      allowPrivateNetworks: true,
    });
    expect(image.bytes.equals(png)).toBe(true);
    expect(server.connections()).toBe(1);
  });

  it('refuses an answer mixing public and private addresses without connecting anywhere', async () => {
    const server = await servePng();
    const dns = fakeDns({ 'a.test': ['8.8.8.8', '127.0.0.1'], 'b.test': ['127.0.0.1', '2606:4700::1'] });
    for (const name of ['a.test', 'b.test']) {
      const error = await failure(
        fetchImageFromUrl(`http://${name}:${server.port}/`, { lookup: dns.lookup }),
      );
      expect(error, name).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
    expect(server.connections()).toBe(0);
  });

  it('turns resolver failures and refused connections into URL_FETCH_FAILED', async () => {
    const dns = fakeDns({});
    const missing = await failure(fetchImageFromUrl('http://nowhere.test/a.png', { lookup: dns.lookup }));
    expect(missing).toMatchObject({ code: 'URL_FETCH_FAILED' });

    const server = await servePng();
    const closedUrl = server.url('/a.png');
    await server.close();
    const refused = await failure(fetchImageFromUrl(closedUrl, { allowPrivateNetworks: true }));
    expect(refused).toMatchObject({ code: 'URL_FETCH_FAILED' });
  });
});

describe('fetchImageFromUrl: responses', () => {
  it('downloads a PNG and reports the sniffed type and the final URL', async () => {
    const server = await servePng();
    const image = await fetchImageFromUrl(server.url('/img/a.png?v=1'), { allowPrivateNetworks: true });
    expect(image.contentType).toBe('image/png');
    expect(image.bytes.equals(png)).toBe(true);
    expect(image.finalUrl).toBe(server.url('/img/a.png?v=1'));
  });

  it('sends a plain User-Agent, Accept: image/* and no cookies', async () => {
    const server = await servePng();
    await fetchImageFromUrl(server.url(), { allowPrivateNetworks: true });
    await fetchImageFromUrl(server.url(), { allowPrivateNetworks: true, userAgent: 'Custom/2.0' });
    const [first, second] = server.requests;
    expect(first).toMatchObject({ 'user-agent': 'Try-on-ImageImporter/1.0', accept: 'image/*' });
    expect(first?.cookie).toBeUndefined();
    expect(first?.authorization).toBeUndefined();
    expect(second?.['user-agent']).toBe('Custom/2.0');
  });

  it('trusts the bytes, not the Content-Type', async () => {
    const octets = await serve((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(png),
    );
    await expect(fetchImageFromUrl(octets.url(), { allowPrivateNetworks: true })).resolves.toMatchObject({
      contentType: 'image/png',
    });

    const html = await serve((_request, response) =>
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<!doctype html><title>hi</title>'),
    );
    const error = await failure(fetchImageFromUrl(html.url(), { allowPrivateNetworks: true }));
    expect(error).toMatchObject({ code: 'URL_NOT_IMAGE' });

    const empty = await serve((_request, response) => response.writeHead(200).end());
    const emptyError = await failure(fetchImageFromUrl(empty.url(), { allowPrivateNetworks: true }));
    expect(emptyError).toMatchObject({ code: 'URL_NOT_IMAGE' });
  });

  it('fails on non-2xx answers, even with an image body', async () => {
    for (const status of [404, 500, 403, 304, 300]) {
      const server = await serve((_request, response) =>
        response.writeHead(status).end(status === 304 ? '' : png),
      );
      const error = await failure(fetchImageFromUrl(server.url(), { allowPrivateNetworks: true }));
      expect(error, String(status)).toMatchObject({ code: 'URL_FETCH_FAILED' });
    }
    const noLocation = await serve((_request, response) => response.writeHead(302).end());
    const error = await failure(fetchImageFromUrl(noLocation.url(), { allowPrivateNetworks: true }));
    expect(error).toMatchObject({ code: 'URL_FETCH_FAILED' });
  });

  it('fails when the server drops the connection mid-body', async () => {
    const server = await serve((request, response) => {
      response.writeHead(200, { 'content-length': String(png.length) });
      response.write(png.subarray(0, 100), () => request.socket.destroy());
    });
    const error = await failure(fetchImageFromUrl(server.url(), { allowPrivateNetworks: true }));
    expect(error).toMatchObject({ code: 'URL_FETCH_FAILED' });
  });
});

describe('fetchImageFromUrl: size and time caps', () => {
  it('refuses a too-big Content-Length without reading the body', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(20 * 1024 * 1024) });
      response.write(png); // and never finishes
    });
    const started = Date.now();
    const error = await failure(fetchImageFromUrl(server.url(), { allowPrivateNetworks: true }));
    expect(error).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(Date.now() - started).toBeLessThan(1000);
    await closedWithin(server.sockets[0], 1000);
  });

  it('stops reading a chunked body once it passes the cap', async () => {
    let written = 0;
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }); // chunked, no length
      const chunk = Buffer.alloc(256 * 1024, 7);
      const pump = () => {
        while (written < 50 * 1024 * 1024 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(written === chunk.length ? Buffer.concat([png, chunk]) : chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      pump();
    });
    const error = await failure(fetchImageFromUrl(server.url(), { allowPrivateNetworks: true }));
    expect(error).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    await closedWithin(server.sockets[0], 1000);
    // The default cap is 10 MB; the server was stopped well before its 50 MB.
    expect(written).toBeLessThan(30 * 1024 * 1024);
  });

  it('accepts a body exactly at the cap and refuses one byte more, with and without Content-Length', async () => {
    const withLength = await servePng();
    const chunked = await serve((_request, response) => {
      response.writeHead(200);
      response.write(png.subarray(0, 10));
      response.end(png.subarray(10));
    });
    for (const server of [withLength, chunked]) {
      const atCap = await fetchImageFromUrl(server.url(), {
        allowPrivateNetworks: true,
        maxBytes: png.length,
      });
      expect(atCap.bytes.length).toBe(png.length);
      const over = await failure(
        fetchImageFromUrl(server.url(), { allowPrivateNetworks: true, maxBytes: png.length - 1 }),
      );
      expect(over).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    }
  });

  it('times out a body that trickles in, and closes the socket', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = await serve((_request, response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png.subarray(0, 16));
      const timer = setInterval(() => response.write(png.subarray(16, 17)), 20);
      timers.push(timer);
      response.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const error = await failure(
      fetchImageFromUrl(server.url(), { allowPrivateNetworks: true, timeoutMs: 300 }),
    );
    expect(error).toMatchObject({ code: 'URL_FETCH_TIMEOUT' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1500);
    await closedWithin(server.sockets[0], 500);
    for (const timer of timers) clearInterval(timer);
  });

  it('times out a server that never answers, and slow DNS', async () => {
    const silent = await serve(() => {});
    const error = await failure(
      fetchImageFromUrl(silent.url(), { allowPrivateNetworks: true, timeoutMs: 200 }),
    );
    expect(error).toMatchObject({ code: 'URL_FETCH_TIMEOUT' });
    await closedWithin(silent.sockets[0], 500);

    const never = () => new Promise<never>(() => {});
    const dnsError = await failure(fetchImageFromUrl('http://slow.test/', { lookup: never, timeoutMs: 200 }));
    expect(dnsError).toMatchObject({ code: 'URL_FETCH_TIMEOUT' });
  });
});
