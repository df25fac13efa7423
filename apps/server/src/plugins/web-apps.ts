import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** A built single-page app the server hands out next to the API. */
export interface WebApp {
  name: string;
  /** Where it lives: '/' for the dashboard; ends with '/'. */
  prefix: string;
  /** Its build output (Vite's dist: index.html and hashed assets/). */
  dir: string;
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The apps, most specific prefix first: the shopper pages (apps/shop) at '/w/', the dashboard at '/'. */
export const defaultWebApps = (): WebApp[] => [
  { name: 'shop', prefix: '/w/', dir: path.join(repoRoot, 'apps/shop/dist') },
  { name: 'dashboard', prefix: '/', dir: path.join(repoRoot, 'apps/dashboard/dist') },
];

/** Paths the app at '/' never answers: the API, its docs, the health check, and the shopper pages' place. */
const reservedPaths = ['/v1', '/docs', '/healthz', '/w'];
const isUnder = (pathname: string, base: string) =>
  pathname === base || pathname.startsWith(`${base.replace(/\/$/, '')}/`);

const ONE_YEAR = 365 * 24 * 60 * 60;
/** index.html is checked on every visit; hashed assets never change; other files (the icon) for 5 minutes. */
const cacheControlFor = (file: string) => {
  if (path.basename(file) === 'index.html') return 'no-cache';
  return /[\\/]assets[\\/]/.test(file) ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=300';
};

/** The page's content security policy: helmet's defaults, plus Google's sign-in button when it is on. */
function pagePolicy(config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'PUBLIC_URL'>): string {
  const google = config.GOOGLE_CLIENT_ID ? ' https://accounts.google.com/gsi/' : '';
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    `script-src 'self'${google ? ' https://accounts.google.com/gsi/client' : ''}`,
    "script-src-attr 'none'",
    `style-src 'self' https: 'unsafe-inline'`,
    `connect-src 'self'${google}`,
    `frame-src 'self'${google}`,
    ...(config.PUBLIC_URL.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

function notBuilt(webApp: WebApp) {
  return async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head><body>` +
          `<h1>The ${webApp.name} is not built</h1><p>Run <code>npm run build -w @tryon/${webApp.name}</code> ` +
          `(or <code>npm start</code>, which builds every app) and reload.</p></body></html>`,
      );
}

/**
 * Serves the built web apps at their prefixes: hashed assets with long cache headers (and their pre-compressed
 * copies), and index.html for any other GET that asks for HTML, so the apps' own routers take over. The API,
 * the docs and the health check are never shadowed: their unknown paths still answer the API's 404.
 */
export async function registerWebApps(
  app: FastifyInstance,
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'PUBLIC_URL'>,
  apps: WebApp[] = defaultWebApps(),
  /** Routes of the shopper pages that send their index.html with extra head tags (share previews). */
  withShopPage?: (sendPage: (reply: FastifyReply, head: string) => FastifyReply) => void,
): Promise<void> {
  let decorated = false;
  for (const webApp of apps) {
    // An app at the root must leave the API and the other apps' prefixes alone.
    const reserved =
      webApp.prefix === '/' ? [...reservedPaths, ...apps.map((a) => a.prefix).filter((p) => p !== '/')] : [];
    const index = path.join(webApp.dir, 'index.html');
    if (!existsSync(index)) {
      app.log.warn(`${webApp.name} is not built (${webApp.dir}); ${webApp.prefix} says so`);
      app.get(webApp.prefix, { schema: { hide: true } }, notBuilt(webApp));
      continue;
    }
    await app.register(fastifyStatic, {
      root: webApp.dir,
      prefix: webApp.prefix,
      // One route per built file, so the app never answers for a path it does not have.
      wildcard: false,
      index: false,
      decorateReply: !decorated,
      preCompressed: true,
      globIgnore: ['**/*.gz', '**/*.br', '**/.vite/**', '**/index.html'],
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(file));
      },
    });
    decorated = true;
    const sendIndex = (reply: FastifyReply) =>
      reply
        .header('content-security-policy', pagePolicy(config))
        // Google's sign-in opens a popup that must be able to answer the page.
        .header('cross-origin-opener-policy', 'same-origin-allow-popups')
        .sendFile('index.html', webApp.dir);
    if (webApp.name === 'shop' && withShopPage) {
      const html = readFileSync(index, 'utf8');
      withShopPage((reply, head) =>
        reply
          .header('content-security-policy', pagePolicy(config))
          .type('text/html; charset=utf-8')
          .send(html.replace(/<title>[^<]*<\/title>/, '').replace('</head>', `${head}</head>`)),
      );
    }
    app.get(`${webApp.prefix}*`, { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      // The app's own root is a page whatever the client accepts (curl included); deeper paths that do not
      // ask for HTML are missing files, not pages.
      const isRoot = pathname === webApp.prefix || `${pathname}/` === webApp.prefix;
      if (reserved.some((base) => isUnder(pathname, base)) || (!isRoot && !wantsHtml(request)))
        return reply.callNotFound();
      return sendIndex(reply);
    });
  }
}
