/**
 * Links to the shopper pages served under /w/ on the same server (one typed builder per page). Paths are
 * relative to the site; `absoluteUrl` makes the shareable form (QR codes, copied links).
 */
const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

export const shopperUrls = {
  garmentTryon: (code: string, publicKey: string) =>
    withQuery('/w/tryon', { g: code, hideIntro: '1', key: publicKey }),
  modelLook: (code: string, publicKey: string) =>
    withQuery('/w/look', { m: code, hideIntro: '1', key: publicKey }),
  tryonViewer: (token: string) => withQuery('/w/tryon/view', { t: token, hideIntro: '1' }),
  lookViewer: (token: string) => withQuery('/w/look/view', { l: token, hideIntro: '1' }),
  shopGarments: (suid: string) => `/w/shop/${encodeURIComponent(suid)}/garments`,
  shopModels: (suid: string) => `/w/shop/${encodeURIComponent(suid)}/models`,
  guides: {
    tryonWidget: '/w/guide/tryon-widget',
    lookWidget: '/w/guide/look-widget',
    simpleTryon: '/w/guide/simple-tryon',
    simpleLook: '/w/guide/simple-look',
  },
  apiDocs: '/docs',
} as const;

export const absoluteUrl = (path: string, origin: string = globalThis.location?.origin ?? '') =>
  new URL(path, origin || 'http://localhost').toString();
