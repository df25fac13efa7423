import { absoluteUrl, shopperUrls } from '../../lib/urls/shopper-urls.ts';

/**
 * The embed script a shop puts on a product page (`/w/embed.js`): it inserts the iframe, sizes it to its content,
 * keeps the shopper's photos across reloads where third-party storage is blocked, and relays the widget's events.
 */
export function scriptSnippet(
  kind: 'tryon' | 'look',
  code: string,
  publicKey: string,
  origin: string,
): string {
  const item = kind === 'tryon' ? `data-garment="${code}"` : `data-model="${code}"`;
  return `<script src="${absoluteUrl('/w/embed.js', origin)}" data-key="${publicKey}" ${item} async></script>`;
}

/** The iframe a shop puts on a product page; `allow="camera"` lets shoppers take the photo in place. */
export function iframeSnippet(
  kind: 'tryon' | 'look',
  code: string,
  publicKey: string,
  origin: string,
): string {
  const path =
    kind === 'tryon' ? shopperUrls.garmentTryon(code, publicKey) : shopperUrls.modelLook(code, publicKey);
  const title = kind === 'tryon' ? 'Virtual try-on' : 'Virtual look';
  return [
    '<iframe',
    `  src="${absoluteUrl(path, origin)}"`,
    `  title="${title}"`,
    '  allow="camera; clipboard-write; web-share"',
    '  loading="lazy"',
    '  style="width: 100%; max-width: 960px; height: 900px; border: 0;"',
    '></iframe>',
  ].join('\n');
}

/** The curl examples of docs/api.md ("Simple try-on and simple look"), on this server. */
export function simpleCurl(kind: 'tryon' | 'look', origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return kind === 'tryon'
    ? `curl -X POST ${base}/v1/tryon/simple -H "tokenapi: $PRIVATE_KEY" \\\n  -F person_file=@person.jpg -F garment_file=@garment.jpg -o tryon.jpg`
    : `curl -X POST ${base}/v1/look/simple -H "tokenapi: $PRIVATE_KEY" \\\n  -F face_file=@face.jpg -F model_file=@model.jpg -o look.jpg`;
}
