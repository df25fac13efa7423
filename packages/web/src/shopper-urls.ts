/**
 * Every address of the shopper pages served under /w/, one typed builder per page: the dashboard links to
 * them, the shopper pages build and match them (apps/shop/src/lib/urls/shopper-urls.ts), from this one home.
 * Paths are relative to the site; `absoluteUrl` makes the shareable form (QR codes, copied links).
 */
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  return `${path}?${search.toString()}`;
};
const intro = (hideIntro: boolean) => (hideIntro ? '1' : undefined);

export const guideNames = ['tryon-widget', 'look-widget', 'simple-tryon', 'simple-look'] as const;
export type GuideName = (typeof guideNames)[number];

export const shopperUrls = {
  /** The outfit try-on page of a garment (public code), opened with a shop's public key. */
  garmentTryon: (code: string, publicKey: string, options: { hideIntro?: boolean } = {}) =>
    withQuery('/w/tryon', { g: code, hideIntro: intro(options.hideIntro ?? true), key: publicKey }),
  /** The look page of a model (public code). */
  modelLook: (code: string, publicKey: string, options: { hideIntro?: boolean } = {}) =>
    withQuery('/w/look', { m: code, hideIntro: intro(options.hideIntro ?? true), key: publicKey }),
  tryonViewer: (token: string) => withQuery('/w/tryon/view', { t: token, hideIntro: '1' }),
  lookViewer: (token: string) => withQuery('/w/look/view', { l: token, hideIntro: '1' }),
  shopGarments: (suid: string) => `/w/shop/${encodeURIComponent(suid)}/garments`,
  shopModels: (suid: string) => `/w/shop/${encodeURIComponent(suid)}/models`,
  guide: (name: GuideName) => `/w/guide/${name}`,
  apiDocs: '/docs',
} as const;
