import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { SharedRender } from '../modules/renders/render-share.ts';
import type { Runtime } from '../runtime.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const single = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);

/** The share pages and the query parameter that carries their viewer token. */
const sharePages = {
  '/w/tryon/view': { param: 't', kind: 'tryon', title: 'A virtual try-on' },
  '/w/look/view': { param: 'l', kind: 'look', title: 'A virtual look' },
} as const;
type SharePath = keyof typeof sharePages;
const isSharePath = (path: string): path is SharePath => Object.hasOwn(sharePages, path);

/**
 * The `<head>` tags of a share link's preview (Open Graph and Twitter cards): the shop's name, the product and
 * the result's picture, through a stable address (`.../image?t=`) that redirects to a fresh signed link, since
 * a preview is fetched long after the page. Never the shopper's photo.
 */
export function previewTags(input: {
  title: string;
  shared: SharedRender;
  pageUrl: string;
  imageUrl: string;
}): string {
  const { shared } = input;
  const product = shared.product?.name;
  const title = product ? `${product} · ${shared.shop.name}` : `${input.title} · ${shared.shop.name}`;
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', shared.shop.name],
    ['og:title', title],
    ['og:description', `${input.title} at ${shared.shop.name}`],
    ['og:url', input.pageUrl],
    ...(shared.image ? ([['og:image', input.imageUrl]] as [string, string][]) : []),
    ...(shared.product?.url && /^https?:\/\//i.test(shared.product.url)
      ? ([['og:see_also', shared.product.url]] as [string, string][])
      : []),
    ['twitter:card', shared.image ? 'summary_large_image' : 'summary'],
  ];
  return (
    `<title>${escapeHtml(title)}</title>` +
    tags
      .map(([name, content]) => {
        const attribute = name.startsWith('twitter:') ? 'name' : 'property';
        return `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`;
      })
      .join('')
  );
}

/**
 * Share links (`/w/tryon/view?t=`, `/w/look/view?l=`) answer HTML to every client, link unfurlers included
 * (they rarely send `Accept: text/html`), with preview tags in the page's head; a link that does not work answers
 * 404 with the page, which says so. `/w/tryon/view/image?t=` redirects to the result's signed image.
 * `sendPage` sends the shopper pages' index.html with extra head tags.
 */
export function registerSharePreview(
  app: FastifyInstance,
  { services, config }: Runtime,
  sendPage: (reply: FastifyReply, head: string) => FastifyReply,
): void {
  const base = config.PUBLIC_URL.replace(/\/$/, '');
  const find = async (path: SharePath, token: string | undefined) => {
    if (!token) return undefined;
    try {
      return sharePages[path].kind === 'tryon'
        ? await services.renderShare.tryOn(token)
        : await services.renderShare.look(token);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    }
  };

  for (const path of Object.keys(sharePages).filter(isSharePath)) {
    const page = sharePages[path];
    app.get(path, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
      const token = single((request.query as Record<string, unknown>)[page.param]);
      const shared = await find(path, token);
      reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex');
      if (!shared || !token) return sendPage(reply.code(404), '<meta name="robots" content="noindex" />');
      const query = `${page.param}=${encodeURIComponent(token)}`;
      return sendPage(
        reply,
        `${previewTags({
          title: page.title,
          shared,
          pageUrl: `${base}${path}?${query}`,
          imageUrl: `${base}${path}/image?${query}`,
        })}<meta name="robots" content="noindex" />`,
      );
    });
    app.get(`${path}/image`, { schema: { hide: true } }, async (request, reply) => {
      const token = single((request.query as Record<string, unknown>)[page.param]);
      const shared = await find(path, token);
      if (!shared?.image) throw new AppError('IMAGE_NOT_FOUND');
      return reply.header('cache-control', 'no-store').redirect(`${base}${shared.image}`, 302);
    });
  }
}
