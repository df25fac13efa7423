/** Routes of the dashboard (spec §2). */
export const paths = {
  home: '/',
  login: '/login',
  shop: '/shop',
  garments: '/garments',
  models: '/models',
  keys: '/keys',
  webhooks: '/webhooks',
  audit: '/audit',
  statistics: '/statistics',
  billing: '/billing',
  faq: '/faq',
  logout: '/logout',
  shops: '/shops',
  shopDetail: '/shops/:suid',
  tryons: '/tryons',
  looks: '/looks',
  imports: '/imports',
  notFound: '/404',
} as const;

/** An administrator's view of one shop. */
export const shopDetailPath = (suid: string) => `/shops/${encodeURIComponent(suid)}`;
/** Try-ons or looks of one shop (the admin shop picker reads `shop`). */
export const rendersOfShop = (kind: 'tryons' | 'looks', suid: string) =>
  `${paths[kind]}?shop=${encodeURIComponent(suid)}`;

/** Catalogue imports of one shop (the admin Imports screen's shop picker reads `shop`). */
export const importsOfShop = (suid: string) => `${paths.imports}?shop=${encodeURIComponent(suid)}`;

/** Statistics of one shop (the admin shop picker reads `shop`). */
export const statisticsOfShop = (suid: string) => `${paths.statistics}?shop=${encodeURIComponent(suid)}`;

/**
 * The permanent link of a garment's try-on page or a model's look page (server route `/v1/link/...`): it
 * redirects with the shop's page key of the moment, so printed QR codes survive key changes.
 */
export const permanentItemLink = (suid: string, kind: 'garment' | 'model', code: string) =>
  `/v1/link/${encodeURIComponent(suid)}/${kind}/${encodeURIComponent(code)}`;
