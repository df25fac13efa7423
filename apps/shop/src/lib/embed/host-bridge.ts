import { adoptClientUuid } from '../storage/client-uuid.ts';

/** What the widget tells the page that embeds it with the embed script (`/w/embed.js`). */
export type HostEvent =
  | { type: 'tryon.done'; detail: { tuid: string; link: string } }
  | { type: 'tryon.failed'; detail: { code: string | null } }
  | { type: 'photo.added'; detail: { fuid: string } }
  | { type: 'add-to-cart'; detail: { guid: string; g: string; url: string; sku: string | null } }
  | { type: 'close'; detail: Record<string, never> };

/** How long the page waits for the host's answer before it opens without it. */
const HANDSHAKE_MS = 1500;

let hostOrigin: string | null = null;

/**
 * The origin of the page that frames this one, or null at the top level (or when it cannot be told): the
 * browser's word (`ancestorOrigins`, which Firefox lacks, then the referrer, which a page with Referrer-Policy
 * no-referrer or same-origin withholds), else the embed script's `embedder=`. Trusting the script's word is
 * safe: messages are posted to that origin only, so a parent of another origin never receives them, and heard
 * only from the parent window at that origin.
 */
export function parentOrigin(search: string): string | null {
  if (window.parent === window) return null;
  const named =
    location.ancestorOrigins?.[0] || document.referrer || new URLSearchParams(search).get('embedder');
  try {
    return named ? new URL(named).origin : null;
  } catch {
    return null;
  }
}

/** Whether the page runs inside the embed script's frame (`embed=1`), connected to its host. */
export const embeddedByScript = () => hostOrigin !== null;

/**
 * With `embed=1` in a frame: says `ready` to the host page (its origin only), and waits for its answer, the
 * shopper's id kept in the shop's first-party storage, which the page then uses. Messages are heard only from
 * the parent window at the parent's origin. Resolves when the id came, or after a short wait without it.
 */
export function connectHost(search: string): Promise<void> {
  const origin = new URLSearchParams(search).get('embed') === '1' ? parentOrigin(search) : null;
  if (!origin) return Promise.resolve();
  hostOrigin = origin;
  // Sized to its content by the host: no page-tall minimum heights, or the frame could grow but never shrink.
  document.documentElement.dataset.embed = 'script';
  return new Promise((resolve) => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== window.parent) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const message = data as { source?: unknown; type?: unknown; clientuuid?: unknown };
      if (message.source !== 'tryon-host') return;
      if (message.type === 'viewport') showHostViewport(data as { top?: unknown; height?: unknown });
      if (message.type !== 'client') return;
      if (typeof message.clientuuid === 'string') adoptClientUuid(message.clientuuid);
      done();
    };
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, HANDSHAKE_MS);
    // Kept for the page's life: the host tells which part of the frame the shopper sees as they scroll.
    window.addEventListener('message', listen);
    window.parent.postMessage({ source: 'tryon-widget', type: 'ready' }, origin);
    watchHeight(origin);
  });
}

/**
 * The part of the frame the shopper sees, as the host tells it (`top` px scrolled past, `height` px in view): the
 * frame is as tall as its content, so `position: fixed` alone would put toasts and dialogs at its far top or
 * middle, off the screen. The styles place them by `--host-top` and `--host-height`.
 */
function showHostViewport(message: { top?: unknown; height?: unknown }): void {
  const top = Number(message.top);
  const height = Number(message.height);
  if (!Number.isFinite(top) || !Number.isFinite(height) || top < 0 || height <= 0) return;
  const root = document.documentElement.style;
  root.setProperty('--host-top', `${Math.round(top)}px`);
  root.setProperty('--host-height', `${Math.round(height)}px`);
}

/** Tells the host the page's height whenever it changes, so the iframe fits its content. */
function watchHeight(origin: string): void {
  let last = 0;
  const send = () => {
    const height = Math.ceil(document.body?.scrollHeight ?? document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ source: 'tryon-widget', type: 'resize', height }, origin);
  };
  // The html element keeps the frame's height; the body's content is what grows and shrinks.
  const observer = new ResizeObserver(send);
  observer.observe(document.documentElement);
  if (document.body) observer.observe(document.body);
  send();
}

/** Tells the host page what happened (nothing without the embed script). */
export function emitToHost(event: HostEvent): void {
  if (!hostOrigin) return;
  window.parent.postMessage({ source: 'tryon-widget', type: event.type, detail: event.detail }, hostOrigin);
}

/** For tests: forget the host. */
export const resetHost = () => {
  hostOrigin = null;
};
