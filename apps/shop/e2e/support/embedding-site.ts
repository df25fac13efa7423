import { createServer, type Server } from 'node:http';
import { chromiumArgs } from '@tryon/web/e2e/chromium';

/** Host names of the embedding sites; Chromium resolves them to this machine, nothing leaves it. */
export const SHOP_SITE = 'shop.test';
export const OTHER_SITE = 'evil.test';

/** Chromium's switches for these tests: the shared ones, with the embedding sites' names mapped here. */
export const shopChromiumArgs = [
  ...chromiumArgs,
  `--host-resolver-rules=MAP ${SHOP_SITE} 127.0.0.1, MAP ${OTHER_SITE} 127.0.0.1`,
];

const attr = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `/embed?server=&key=&g=`: a product page with the embed script, as the dashboard's snippet has it, and a
 * listener that keeps the widget's events in `window.tryonEvents` for the test to read. `&noref=1` makes it send
 * no Referer (`<meta name="referrer" content="no-referrer">`), as a site with that policy does; `&scroller=1` puts
 * the page in a scrolling container (the window itself does not scroll), as app-like sites do.
 */
function embedPage(query: URLSearchParams): string {
  const server = query.get('server') ?? '';
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(server)) return '<!doctype html><p>bad server</p>';
  const referrer = query.get('noref') === '1' ? '<meta name="referrer" content="no-referrer">' : '';
  const [open, close] =
    query.get('scroller') === '1'
      ? ['<div id="scroller" style="height: 100vh; overflow: auto">', '</div>']
      : ['', ''];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${referrer}<title>Product</title></head><body style="margin: 0">${open}
<h1>Linen summer tee</h1>
<script>window.tryonEvents = []; document.addEventListener('tryon:event', (e) => window.tryonEvents.push(e.detail));</script>
<script src="${attr(server)}/w/embed.js" data-key="${attr(query.get('key') ?? '')}" data-garment="${attr(query.get('g') ?? '')}" async></script>
${close}</body></html>`;
}

/**
 * A shop's site on another origin: a product page with the iframe snippet of the try-on guide, as a shop would
 * paste it. `/product?src=` frames the given address; `&camera=0` drops `camera` from the snippet's `allow`, as
 * a shop that edits it might.
 */
export async function startEmbeddingSite(): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/embed') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(embedPage(url.searchParams));
      return;
    }
    const src = url.searchParams.get('src') ?? '';
    if (url.pathname !== '/product' || !/^http:\/\/127\.0\.0\.1:\d+\/w\//.test(src)) {
      response.writeHead(404).end();
      return;
    }
    const allow =
      url.searchParams.get('camera') === '0'
        ? 'clipboard-write; web-share'
        : 'camera; clipboard-write; web-share';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product</title></head><body>
<h1>Linen summer tee</h1>
<iframe id="tryon" src="${src.replace(/"/g, '&quot;')}" title="Virtual try-on" allow="${allow}" style="width: 100%; height: 1400px; border: 0;"></iframe>
</body></html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
