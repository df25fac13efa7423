/** Routes of the dashboard (spec §2). */
export const paths = {
  home: '/',
  login: '/login',
  shop: '/shop',
  garments: '/garments',
  models: '/models',
  keys: '/keys',
  webhooks: '/webhooks',
  statistics: '/statistics',
  billing: '/billing',
  faq: '/faq',
  logout: '/logout',
  shops: '/shops',
  tryons: '/tryons',
  looks: '/looks',
  notFound: '/404',
} as const;
