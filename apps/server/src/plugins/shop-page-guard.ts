import { fallbackLanguage, type Language, toLanguage } from '@tryon/web/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostOf, isHostAllowed, parseAllowedDomains } from '../lib/allowed-domains.ts';
import type { Runtime } from '../runtime.ts';
import { originOf, ownOrigins } from './authenticate.ts';

/** What a key in a shopper page's address allows: where the page may be framed. */
export type EmbedPolicy =
  | { ok: true; entries: string[] }
  /** The key is unknown, deleted, inactive, not a public key, or its shop is disabled. */
  | { ok: false };

const PREFIX = '/w/';

/**
 * `frame-ancestors` of a page opened with a public key: our own origin always, and the key's allowed domains in
 * any scheme and port, as the API treats them (`*.shop.com` covers subdomains only, the same in CSP).
 */
export function frameAncestors(policy: EmbedPolicy): string {
  if (!policy.ok) return "frame-ancestors 'self'";
  if (policy.entries.includes('*')) return 'frame-ancestors *';
  const sources = policy.entries.flatMap((entry) => [`http://${entry}:*`, `https://${entry}:*`]);
  return ['frame-ancestors', "'self'", ...sources].join(' ');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The refusal page's texts (HTML, `site` and `url` escaped), in each language of the shopper pages. */
const refusalTexts: Record<
  Language,
  {
    domainTitle: (site: string) => string;
    domainText: (site: string) => string;
    keyTitle: string;
    keyText: (site: string) => string;
    publicUrlNote: (site: string, url: string) => string;
  }
> = {
  en: {
    domainTitle: (site) => `This try-on widget is not allowed on ${site}`,
    domainText: (site) =>
      `The shop's public key does not list <b>${site}</b> among its allowed domains. If you run this shop: ` +
      `open <b>Keys</b> in the dashboard and add <code>${site}</code> (or <code>*.${site}</code> for its ` +
      'subdomains) to the allowed domains of the public key in this widget. The change applies at once.',
    keyTitle: 'This try-on widget has no valid key',
    keyText: (site) =>
      'The key in the widget address is unknown, deleted or switched off, or the shop is disabled. If you run ' +
      'this shop: copy an active public key from <b>Keys</b> in the dashboard into the iframe address ' +
      `(<code>key=pk_...</code>), and allow <code>${site}</code> in its allowed domains.`,
    publicUrlNote: (site, url) =>
      `If <code>${site}</code> is this try-on service itself, opened at another address: the service's own ` +
      `address is <code>PUBLIC_URL=${url}</code>. Open it there, or set <code>PUBLIC_URL</code> to the ` +
      'address people use and restart it.',
  },
  ru: {
    domainTitle: (site) => `Виджет примерки не разрешён на ${site}`,
    domainText: (site) =>
      `В разрешённых доменах публичного ключа магазина нет <b>${site}</b>. Если это ваш магазин: откройте ` +
      `<b>API-ключи</b> в панели и добавьте <code>${site}</code> (или <code>*.${site}</code> для его ` +
      'поддоменов) в разрешённые домены публичного ключа этого виджета. Изменение действует сразу.',
    keyTitle: 'У виджета примерки нет действующего ключа',
    keyText: (site) =>
      'Ключ в адресе виджета неизвестен, удалён или выключен, либо магазин отключён. Если это ваш магазин: ' +
      'скопируйте активный публичный ключ из раздела <b>API-ключи</b> в панели в адрес iframe ' +
      `(<code>key=pk_...</code>) и добавьте <code>${site}</code> в его разрешённые домены.`,
    publicUrlNote: (site, url) =>
      `Если <code>${site}</code> — это сам сервис примерки, открытый по другому адресу: его собственный ` +
      `адрес — <code>PUBLIC_URL=${url}</code>. Откройте его там или задайте в <code>PUBLIC_URL</code> ` +
      'адрес, по которому его открывают, и перезапустите сервис.',
  },
  pl: {
    domainTitle: (site) => `Widżet przymierzalni nie jest dozwolony na ${site}`,
    domainText: (site) =>
      `Klucz publiczny sklepu nie ma <b>${site}</b> wśród dozwolonych domen. Jeśli to Twój sklep: w panelu ` +
      `otwórz <b>Klucze API</b> i dodaj <code>${site}</code> (lub <code>*.${site}</code> dla jej subdomen) ` +
      'do dozwolonych domen klucza publicznego tego widżetu. Zmiana działa od razu.',
    keyTitle: 'Widżet przymierzalni nie ma ważnego klucza',
    keyText: (site) =>
      'Klucz w adresie widżetu jest nieznany, usunięty lub wyłączony albo sklep jest wyłączony. Jeśli to Twój ' +
      'sklep: skopiuj aktywny klucz publiczny z <b>Kluczy API</b> w panelu do adresu iframe ' +
      `(<code>key=pk_...</code>) i dodaj <code>${site}</code> do jego dozwolonych domen.`,
    publicUrlNote: (site, url) =>
      `Jeśli <code>${site}</code> to sama usługa przymierzalni otwarta pod innym adresem: jej własny adres to ` +
      `<code>PUBLIC_URL=${url}</code>. Otwórz ją tam albo ustaw w <code>PUBLIC_URL</code> adres, pod którym ` +
      'jest otwierana, i uruchom ją ponownie.',
  },
};

/**
 * The refusal page's language, as the shopper pages choose theirs: the page address's `lang`, then the
 * browser's (`Accept-Language`, in its order), then English.
 */
export function refusalLanguage(lang: string | undefined, acceptLanguage: string | undefined): Language {
  const candidates = [lang, ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]?.trim())];
  for (const candidate of candidates) {
    const found = toLanguage(candidate);
    if (found) return found;
  }
  return fallbackLanguage;
}

/** The small page a refused embedding shows inside the shop's iframe: what happened and how the shop fixes it. */
export function refusalPage(
  host: string,
  policy: EmbedPolicy,
  publicUrl?: string,
  lang: Language = fallbackLanguage,
): string {
  const site = escapeHtml(host);
  const texts = refusalTexts[lang];
  // A frame on our own host at another port or scheme: most likely the service opened at another address.
  const note =
    publicUrl && hostOf(publicUrl) === host
      ? `<p>${texts.publicUrlNote(site, escapeHtml(publicUrl))}</p>`
      : '';
  const [title, text] = policy.ok
    ? [texts.domainTitle(site), texts.domainText(site)]
    : [texts.keyTitle, texts.keyText(site)];
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title><style>` +
    'body{margin:0;padding:1rem;font:15px/1.5 system-ui,sans-serif;color:#1f2933;background:#f8f9fb}' +
    'main{max-width:34rem;margin:1rem auto;padding:1.5rem;background:#fff;' +
    'border:1px solid #e3e7ee;border-radius:12px}h1{font-size:1.15rem;margin:0 0 .5rem;color:#c92a2a}' +
    'code{background:#f1f3f5;padding:0 .3em;border-radius:4px;overflow-wrap:anywhere}</style></head>' +
    `<body><main role="alert"><h1>${title}</h1><p>${text}</p>${note}</main></body></html>`
  );
}

const policies = new WeakMap<FastifyRequest, EmbedPolicy>();

async function embedPolicy({ services, clock }: Runtime, key: string): Promise<EmbedPolicy> {
  if (key.length > 200) return { ok: false };
  const row = await services.keysRepository.findForAuth(services.secrets.keyDigest(key));
  const live =
    row?.kind === 'public' &&
    row.active === 1 &&
    row.shop_disabled === 0 &&
    (row.expires_at === null || row.expires_at > clock.now());
  if (!live) return { ok: false };
  const parsed = parseAllowedDomains(row.allowed_domains ?? '');
  return { ok: true, entries: parsed.ok ? parsed.entries : [] };
}

const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The embed script's `embedder=`: an http(s) origin, else nothing. */
const embedderOrigin = (value: string | undefined) =>
  value && value.length <= 300 ? (originOf(value) ?? undefined) : undefined;

/**
 * Shopper pages (`/w/...`) opened with `key=` may be framed only by the key's allowed domains:
 * `Content-Security-Policy: frame-ancestors` says so to the browser, and a request that itself shows it comes
 * from a frame on another site (`Sec-Fetch-Dest: iframe` with a `Referer` the key does not allow) gets a small
 * 403 page explaining it, shown in the shop's iframe instead of the browser's blank refusal. Pages without a key
 * (viewers, guides, public shop pages) keep the default `frame-ancestors 'self'`.
 */
export function registerShopPageGuard(app: FastifyInstance, runtime: Runtime): void {
  const publicOrigin = originOf(runtime.config.PUBLIC_URL);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !request.url.startsWith(PREFIX)) return;
    const query = request.query as Record<string, unknown> | undefined;
    const key = single(query?.key);
    if (key === undefined) return;
    const policy = await embedPolicy(runtime, key);
    policies.set(request, policy);
    if (request.headers['sec-fetch-dest'] !== 'iframe') return;
    // A page that sends no Referer (Referrer-Policy no-referrer or same-origin) is named by the embed script's
    // `embedder=`. Taking its word can only refuse: a page that lies about itself is still held by the
    // browser's frame-ancestors check, and the refusal it earns is shown on its own page.
    const referer =
      single(request.headers.referer) ??
      (query?.embed === '1' ? embedderOrigin(single(query.embedder)) : undefined);
    const host = referer ? hostOf(referer) : null;
    // Without either the request cannot tell; the frame-ancestors header still holds. Our own pages are
    // told by full origin (scheme, host and port), as frame-ancestors 'self' is: a site on another port of our
    // host is another site, and gets this page rather than the browser's blank refusal.
    if (host === null || !referer) return;
    if (ownOrigins(request, publicOrigin).includes(originOf(referer) ?? '')) return;
    if (policy.ok && isHostAllowed(policy.entries, host)) return;
    request.log.info({ host, keyValid: policy.ok }, 'shopper page refused in a frame of another site');
    reply.removeHeader('x-frame-options');
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *",
      )
      .type('text/html; charset=utf-8')
      .send(
        refusalPage(
          host,
          policy,
          runtime.config.PUBLIC_URL,
          refusalLanguage(single(query?.lang), single(request.headers['accept-language'])),
        ),
      );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const policy = policies.get(request);
    if (!policy || reply.statusCode === 403) return payload;
    const csp = reply.getHeader('content-security-policy');
    const directive = frameAncestors(policy);
    const next =
      typeof csp === 'string' && /frame-ancestors [^;]*/.test(csp)
        ? csp.replace(/frame-ancestors [^;]*/, directive)
        : [typeof csp === 'string' ? csp : '', directive].filter(Boolean).join('; ');
    reply.header('content-security-policy', next);
    // Browsers follow frame-ancestors over X-Frame-Options, but an old one would refuse every site.
    if (policy.ok) reply.removeHeader('x-frame-options');
    return payload;
  });
}
