import type { routes as contractRoutes } from './index.ts';
import type { RouteDef } from './route.ts';

type Contract = typeof contractRoutes;
type Of<G extends keyof Contract, R extends keyof Contract[G]> = Contract[G][R] extends RouteDef
  ? Contract[G][R]
  : never;

/** A route's definition without its schemas: all a client needs to call it. */
const light = <D extends RouteDef>(def: Pick<D, 'method' | 'path' | 'access'>): D => def as D;

/**
 * Every route of `routes` without its zod schemas, for the browser apps: importing `routes` would put zod and
 * every schema into a page's JavaScript. Only types come from the schemas. Each entry is typed as the
 * contract's own definition and its method, path and access must equal the definition's literal types, so a
 * drift fails the type check; route-table.test.ts also compares them, and that no route is missing, at run time.
 */
export const routeTable = {
  auth: {
    publicConfig: light<Of<'auth', 'publicConfig'>>({
      method: 'GET',
      path: '/v1/public/config',
      access: 'none',
    }),
    mailRegister: light<Of<'auth', 'mailRegister'>>({
      method: 'POST',
      path: '/v1/user/mail/register',
      access: 'none',
    }),
    mailSignin: light<Of<'auth', 'mailSignin'>>({
      method: 'POST',
      path: '/v1/user/mail/signin',
      access: 'none',
    }),
    tokenSignin: light<Of<'auth', 'tokenSignin'>>({
      method: 'POST',
      path: '/v1/user/token/signin',
      access: 'none',
    }),
    logout: light<Of<'auth', 'logout'>>({ method: 'POST', path: '/v1/user/logout', access: 'private' }),
  },
  user: {
    profile: light<Of<'user', 'profile'>>({ method: 'GET', path: '/v1/user', access: 'private' }),
  },
  keys: {
    account: light<Of<'keys', 'account'>>({ method: 'GET', path: '/v1/user/account', access: 'private' }),
    add: light<Of<'keys', 'add'>>({ method: 'POST', path: '/v1/user/key/add', access: 'private' }),
    update: light<Of<'keys', 'update'>>({ method: 'POST', path: '/v1/user/key/update', access: 'private' }),
    roll: light<Of<'keys', 'roll'>>({ method: 'POST', path: '/v1/user/key/roll', access: 'private' }),
    remove: light<Of<'keys', 'remove'>>({ method: 'POST', path: '/v1/user/key/delete', access: 'private' }),
  },
  shops: {
    publicInfo: light<Of<'shops', 'publicInfo'>>({
      method: 'GET',
      path: '/v1/shop/public',
      access: 'shopper',
    }),
    page: light<Of<'shops', 'page'>>({ method: 'GET', path: '/v1/shop/page/:suid', access: 'none' }),
    update: light<Of<'shops', 'update'>>({ method: 'POST', path: '/v1/shop/update', access: 'private' }),
    list: light<Of<'shops', 'list'>>({ method: 'GET', path: '/v1/shop/list', access: 'admin' }),
    detail: light<Of<'shops', 'detail'>>({ method: 'GET', path: '/v1/shop/detail/:suid', access: 'admin' }),
    add: light<Of<'shops', 'add'>>({ method: 'POST', path: '/v1/shop/add', access: 'admin' }),
  },
  billing: {
    get: light<Of<'billing', 'get'>>({ method: 'GET', path: '/v1/user/billing', access: 'private' }),
    changePlan: light<Of<'billing', 'changePlan'>>({
      method: 'POST',
      path: '/v1/shop/plan',
      access: 'admin',
    }),
  },
  stats: {
    get: light<Of<'stats', 'get'>>({ method: 'GET', path: '/v1/user/stats', access: 'private' }),
    insights: light<Of<'stats', 'insights'>>({
      method: 'GET',
      path: '/v1/user/stats/insights',
      access: 'private',
    }),
  },
  garments: {
    add: light<Of<'garments', 'add'>>({ method: 'POST', path: '/v1/garment/add', access: 'private' }),
    addUrl: light<Of<'garments', 'addUrl'>>({
      method: 'POST',
      path: '/v1/garment/add/url',
      access: 'shopper',
    }),
    get: light<Of<'garments', 'get'>>({ method: 'GET', path: '/v1/garment/:guid', access: 'shopper' }),
    list: light<Of<'garments', 'list'>>({ method: 'GET', path: '/v1/garment/list', access: 'shopper' }),
    update: light<Of<'garments', 'update'>>({
      method: 'POST',
      path: '/v1/garment/update/:guid',
      access: 'private',
    }),
    remove: light<Of<'garments', 'remove'>>({
      method: 'POST',
      path: '/v1/garment/remove/:guid',
      access: 'private',
    }),
    updateImage: light<Of<'garments', 'updateImage'>>({
      method: 'POST',
      path: '/v1/garment/update-image/:guid',
      access: 'private',
    }),
    bulkRemove: light<Of<'garments', 'bulkRemove'>>({
      method: 'POST',
      path: '/v1/garment/bulk/remove',
      access: 'private',
    }),
    bulkUpdate: light<Of<'garments', 'bulkUpdate'>>({
      method: 'POST',
      path: '/v1/garment/bulk/update',
      access: 'private',
    }),
    like: light<Of<'garments', 'like'>>({
      method: 'POST',
      path: '/v1/garment/like/:guid',
      access: 'shopper',
    }),
    unlike: light<Of<'garments', 'unlike'>>({
      method: 'POST',
      path: '/v1/garment/unlike/:guid',
      access: 'shopper',
    }),
  },
  models: {
    add: light<Of<'models', 'add'>>({ method: 'POST', path: '/v1/model/add', access: 'private' }),
    addUrl: light<Of<'models', 'addUrl'>>({ method: 'POST', path: '/v1/model/add/url', access: 'shopper' }),
    get: light<Of<'models', 'get'>>({ method: 'GET', path: '/v1/model/:muid', access: 'shopper' }),
    list: light<Of<'models', 'list'>>({ method: 'GET', path: '/v1/model/list', access: 'shopper' }),
    update: light<Of<'models', 'update'>>({
      method: 'POST',
      path: '/v1/model/update/:muid',
      access: 'private',
    }),
    remove: light<Of<'models', 'remove'>>({
      method: 'POST',
      path: '/v1/model/remove/:muid',
      access: 'private',
    }),
    updateImage: light<Of<'models', 'updateImage'>>({
      method: 'POST',
      path: '/v1/model/update-image/:muid',
      access: 'private',
    }),
    bulkRemove: light<Of<'models', 'bulkRemove'>>({
      method: 'POST',
      path: '/v1/model/bulk/remove',
      access: 'private',
    }),
    like: light<Of<'models', 'like'>>({ method: 'POST', path: '/v1/model/like/:muid', access: 'shopper' }),
    unlike: light<Of<'models', 'unlike'>>({
      method: 'POST',
      path: '/v1/model/unlike/:muid',
      access: 'shopper',
    }),
  },
  faces: {
    list: light<Of<'faces', 'list'>>({ method: 'GET', path: '/v1/face', access: 'shopper' }),
    add: light<Of<'faces', 'add'>>({ method: 'POST', path: '/v1/face/add', access: 'shopper' }),
    remove: light<Of<'faces', 'remove'>>({
      method: 'POST',
      path: '/v1/face/remove/:fuid',
      access: 'shopper',
    }),
    removeAll: light<Of<'faces', 'removeAll'>>({
      method: 'POST',
      path: '/v1/face/remove-all',
      access: 'shopper',
    }),
  },
  looks: {
    list: light<Of<'looks', 'list'>>({ method: 'GET', path: '/v1/look/list', access: 'shopper' }),
    get: light<Of<'looks', 'get'>>({ method: 'GET', path: '/v1/look/:luid', access: 'shopper' }),
    add: light<Of<'looks', 'add'>>({ method: 'POST', path: '/v1/look/add', access: 'shopper' }),
    remove: light<Of<'looks', 'remove'>>({
      method: 'POST',
      path: '/v1/look/remove/:luid',
      access: 'shopper',
    }),
    like: light<Of<'looks', 'like'>>({ method: 'POST', path: '/v1/look/like/:luid', access: 'shopper' }),
    unlike: light<Of<'looks', 'unlike'>>({
      method: 'POST',
      path: '/v1/look/unlike/:luid',
      access: 'shopper',
    }),
    view: light<Of<'looks', 'view'>>({ method: 'GET', path: '/v1/look/view/:l', access: 'none' }),
  },
  tryOns: {
    list: light<Of<'tryOns', 'list'>>({ method: 'GET', path: '/v1/tryon/list', access: 'shopper' }),
    get: light<Of<'tryOns', 'get'>>({ method: 'GET', path: '/v1/tryon/:tuid', access: 'shopper' }),
    add: light<Of<'tryOns', 'add'>>({ method: 'POST', path: '/v1/tryon/add', access: 'shopper' }),
    remove: light<Of<'tryOns', 'remove'>>({
      method: 'POST',
      path: '/v1/tryon/remove/:tuid',
      access: 'shopper',
    }),
    view: light<Of<'tryOns', 'view'>>({ method: 'GET', path: '/v1/tryon/view/:t', access: 'none' }),
  },
  simple: {
    tryOn: light<Of<'simple', 'tryOn'>>({ method: 'POST', path: '/v1/tryon/simple', access: 'private' }),
    look: light<Of<'simple', 'look'>>({ method: 'POST', path: '/v1/look/simple', access: 'private' }),
  },
  webhooks: {
    list: light<Of<'webhooks', 'list'>>({ method: 'GET', path: '/v1/webhook/list', access: 'private' }),
    add: light<Of<'webhooks', 'add'>>({ method: 'POST', path: '/v1/webhook/add', access: 'private' }),
    update: light<Of<'webhooks', 'update'>>({
      method: 'POST',
      path: '/v1/webhook/update',
      access: 'private',
    }),
    roll: light<Of<'webhooks', 'roll'>>({ method: 'POST', path: '/v1/webhook/roll', access: 'private' }),
    remove: light<Of<'webhooks', 'remove'>>({
      method: 'POST',
      path: '/v1/webhook/delete',
      access: 'private',
    }),
    deliveries: light<Of<'webhooks', 'deliveries'>>({
      method: 'GET',
      path: '/v1/webhook/deliveries',
      access: 'private',
    }),
    resend: light<Of<'webhooks', 'resend'>>({
      method: 'POST',
      path: '/v1/webhook/resend',
      access: 'private',
    }),
    test: light<Of<'webhooks', 'test'>>({ method: 'POST', path: '/v1/webhook/test', access: 'private' }),
    oneOffSecret: light<Of<'webhooks', 'oneOffSecret'>>({
      method: 'POST',
      path: '/v1/webhook/oneoff/roll',
      access: 'private',
    }),
  },
  images: {
    garment: light<Of<'images', 'garment'>>({
      method: 'GET',
      path: '/v1/garment/image/:id',
      access: 'shopper',
    }),
    model: light<Of<'images', 'model'>>({ method: 'GET', path: '/v1/model/image/:id', access: 'shopper' }),
    face: light<Of<'images', 'face'>>({ method: 'GET', path: '/v1/face/image/:id', access: 'shopper' }),
    tryon: light<Of<'images', 'tryon'>>({ method: 'GET', path: '/v1/tryon/image/:id', access: 'shopper' }),
    look: light<Of<'images', 'look'>>({ method: 'GET', path: '/v1/look/image/:id', access: 'shopper' }),
  },
  imports: {
    csv: light<Of<'imports', 'csv'>>({ method: 'POST', path: '/v1/import/csv', access: 'private' }),
    url: light<Of<'imports', 'url'>>({ method: 'POST', path: '/v1/import/url', access: 'private' }),
    list: light<Of<'imports', 'list'>>({ method: 'GET', path: '/v1/import/list', access: 'private' }),
    get: light<Of<'imports', 'get'>>({ method: 'GET', path: '/v1/import/:iuid', access: 'private' }),
    cancel: light<Of<'imports', 'cancel'>>({
      method: 'POST',
      path: '/v1/import/cancel/:iuid',
      access: 'private',
    }),
    daily: light<Of<'imports', 'daily'>>({
      method: 'POST',
      path: '/v1/import/daily/:iuid',
      access: 'private',
    }),
    report: light<Of<'imports', 'report'>>({
      method: 'GET',
      path: '/v1/import/report/:iuid',
      access: 'private',
    }),
    template: light<Of<'imports', 'template'>>({
      method: 'GET',
      path: '/v1/import/template',
      access: 'private',
    }),
    adminList: light<Of<'imports', 'adminList'>>({
      method: 'GET',
      path: '/v1/admin/import/list',
      access: 'admin',
    }),
    adminReport: light<Of<'imports', 'adminReport'>>({
      method: 'GET',
      path: '/v1/admin/import/report/:iuid',
      access: 'admin',
    }),
  },
  audit: {
    list: light<Of<'audit', 'list'>>({ method: 'GET', path: '/v1/user/audit', access: 'private' }),
  },
};
