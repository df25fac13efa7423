import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchImageFromUrl } from './fetch-image.ts';
import { isPublicAddress } from './ip-policy.ts';
import { failure, fakeDns, makePng, startServer, type TestServer } from './test-server.ts';

/**
 * A redirect test has to reach a first server before it can show that the second hop is refused, but every
 * server a test can start is on loopback, which the real policy refuses. So the policy is wrapped: the
 * tests below may say "the first hop counts as public" (standing in for a public CDN), and everything after
 * that is judged by the real policy. Without such a switch the tests would pass on the first hop's refusal
 * and prove nothing about redirects.
 */
vi.mock('./ip-policy.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./ip-policy.ts')>();
  return { ...actual, isPublicAddress: vi.fn(actual.isPublicAddress) };
});

const { isPublicAddress: realIsPublicAddress } =
  await vi.importActual<typeof import('./ip-policy.ts')>('./ip-policy.ts');

/** Until `server` has seen a request, every address counts as public; then the real policy applies. */
function treatFirstHopAsPublic(server: TestServer): void {
  vi.mocked(isPublicAddress).mockImplementation(
    (address) => server.requests.length === 0 || realIsPublicAddress(address),
  );
}

let png: Buffer;
beforeAll(async () => {
  png = await makePng(64);
});

const servers: TestServer[] = [];
beforeEach(() => {
  vi.mocked(isPublicAddress).mockImplementation(realIsPublicAddress);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}

const redirectTo = (location: string | ((path: string) => string), status = 302) =>
  serve((request, response) => {
    const target = typeof location === 'function' ? location(request.url ?? '/') : location;
    response.writeHead(status, { location: target, 'set-cookie': 'session=secret' }).end();
  });

describe('fetchImageFromUrl: redirects', () => {
  it('follows absolute and relative redirects of every kind and reports the final URL', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end(png));
    for (const status of [301, 302, 303, 307, 308]) {
      const first = await redirectTo(target.url('/final.png'), status);
      const image = await fetchImageFromUrl(first.url('/start'), { allowPrivateNetworks: true });
      expect(image.finalUrl, String(status)).toBe(target.url('/final.png'));
      expect(image.bytes.equals(png)).toBe(true);
    }
    const relative = await serve((request, response) => {
      if (request.url === '/img.png') return response.writeHead(200).end(png);
      response.writeHead(301, { location: '../img.png' }).end();
    });
    const image = await fetchImageFromUrl(relative.url('/a/b'), { allowPrivateNetworks: true });
    expect(image.finalUrl).toBe(relative.url('/img.png'));
  });

  it('does not carry cookies from one hop to the next', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end(png));
    const first = await redirectTo(target.url('/final.png'));
    await fetchImageFromUrl(first.url(), { allowPrivateNetworks: true });
    expect(target.requests[0]?.cookie).toBeUndefined();
    expect(target.requests[0]).toMatchObject({ accept: 'image/*', 'user-agent': 'Try-on-ImageImporter/1.0' });
  });

  it('follows at most maxRedirects (3 by default)', async () => {
    const loop = await redirectTo((path) => `/hop${Number(path.replace(/\D/g, '') || 0) + 1}`);
    const error = await failure(fetchImageFromUrl(loop.url('/hop0'), { allowPrivateNetworks: true }));
    expect(error).toMatchObject({ code: 'URL_FETCH_FAILED' });
    expect(loop.requests).toHaveLength(4); // the first request and three redirects

    const none = await redirectTo('/again');
    const noneError = await failure(
      fetchImageFromUrl(none.url(), { allowPrivateNetworks: true, maxRedirects: 0 }),
    );
    expect(noneError).toMatchObject({ code: 'URL_FETCH_FAILED' });
    expect(none.requests).toHaveLength(1);

    const target = await serve((_request, response) => response.writeHead(200).end(png));
    const chain3 = await redirectTo((path) =>
      path === '/3' ? target.url() : `/${Number(path.slice(1) || 0) + 1}`,
    );
    await expect(fetchImageFromUrl(chain3.url('/1'), { allowPrivateNetworks: true })).resolves.toMatchObject({
      finalUrl: target.url(),
    });
  });

  it('refuses redirects to other schemes or to URLs with credentials, even on a private network', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end(png));
    for (const location of [
      'file:///etc/passwd',
      `ftp://127.0.0.1:${target.port}/a.png`,
      `data:image/png;base64,${png.toString('base64')}`,
      'gopher://127.0.0.1:6379/_FLUSHALL',
      'javascript:alert(1)',
      `http://admin:admin@127.0.0.1:${target.port}/a.png`,
      'http://[::1',
    ]) {
      const first = await redirectTo(location);
      const error = await failure(fetchImageFromUrl(first.url(), { allowPrivateNetworks: true }));
      expect(error, location).toMatchObject({ code: 'URL_NOT_ALLOWED' });
      expect(first.requests, location).toHaveLength(1);
    }
    expect(target.connections()).toBe(0);
  });
});

describe('fetchImageFromUrl: redirects into the private network', () => {
  it('refuses the second hop when a public page redirects to a private address', async () => {
    const internal = await serve((_request, response) => response.writeHead(200).end(png));
    const dns = fakeDns({ 'cdn.example.test': '127.0.0.1', 'internal.example.test': '127.0.0.1' });
    const locations = [
      internal.url('/secret.png'),
      `http://2130706433:${internal.port}/secret.png`,
      `http://[::ffff:127.0.0.1]:${internal.port}/secret.png`,
      `http://[::1]:${internal.port}/secret.png`,
      `http://internal.example.test:${internal.port}/secret.png`, // refused by the connect-time lookup
      `https://internal.example.test:${internal.port}/secret.png`,
      '/secret.png', // the same host name again
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.0.0.1/admin',
    ];
    for (const location of locations) {
      const publicPage = await redirectTo(location);
      treatFirstHopAsPublic(publicPage);
      const url = `http://cdn.example.test:${publicPage.port}/photo.png`;
      const error = await failure(fetchImageFromUrl(url, { lookup: dns.lookup, timeoutMs: 1000 }));
      expect(error, location).toMatchObject({ code: 'URL_NOT_ALLOWED' });
      expect(publicPage.requests, `${location}: the first hop was reached`).toHaveLength(1);
    }
    expect(internal.connections()).toBe(0);
  });

  it('would reach the private server without the check (control for the test above)', async () => {
    const internal = await serve((_request, response) => response.writeHead(200).end(png));
    const dns = fakeDns({ 'cdn.example.test': '127.0.0.1', 'internal.example.test': '127.0.0.1' });
    const publicPage = await redirectTo(`http://internal.example.test:${internal.port}/secret.png`);
    treatFirstHopAsPublic(publicPage);
    const url = `http://cdn.example.test:${publicPage.port}/photo.png`;
    const image = await fetchImageFromUrl(url, { lookup: dns.lookup, allowPrivateNetworks: true });
    expect(image.finalUrl).toBe(`http://internal.example.test:${internal.port}/secret.png`);
    expect(internal.connections()).toBe(1);
  });

  it('re-resolves and re-checks a name on every connection, so DNS rebinding between hops is refused', async () => {
    // The first answer counts as public (see treatFirstHopAsPublic), the second is judged for what it is:
    // loopback. An importer that reused the first verdict, or a pinned address, would connect again.
    const dns = fakeDns({ 'rebind.test': '127.0.0.1' });
    const page = await redirectTo('/again.png');
    treatFirstHopAsPublic(page);
    const error = await failure(
      fetchImageFromUrl(`http://rebind.test:${page.port}/a.png`, { lookup: dns.lookup }),
    );
    expect(error).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    expect(dns.asked).toEqual(['rebind.test', 'rebind.test']);
    expect(page.requests).toHaveLength(1);
    expect(page.connections()).toBe(1);
  });
});
