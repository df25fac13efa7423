import type { routes as contractRoutes, RouteDef } from '@tryon/contract';

type Contract = typeof contractRoutes;

/**
 * The routes the dashboard calls, without their zod schemas: importing the contract's `routes` would put zod
 * and every schema into the first screen's JavaScript. Each entry is typed as the contract's own definition,
 * and its method, path and access must equal the contract's literal types, so a drift fails the type check
 * (and `route-table.test.ts` compares them at run time). The client reads only these three fields.
 */
const light = <D extends RouteDef>(def: Pick<D, 'method' | 'path' | 'access'>): D => def as D;

type Of<G extends keyof Contract, R extends keyof Contract[G]> = Contract[G][R] extends RouteDef
  ? Contract[G][R]
  : never;

export const routes = {
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
    remove: light<Of<'keys', 'remove'>>({ method: 'POST', path: '/v1/user/key/delete', access: 'private' }),
  },
  shops: {
    update: light<Of<'shops', 'update'>>({ method: 'POST', path: '/v1/shop/update', access: 'private' }),
    list: light<Of<'shops', 'list'>>({ method: 'GET', path: '/v1/shop/list', access: 'admin' }),
    add: light<Of<'shops', 'add'>>({ method: 'POST', path: '/v1/shop/add', access: 'admin' }),
  },
  billing: {
    get: light<Of<'billing', 'get'>>({ method: 'GET', path: '/v1/user/billing', access: 'private' }),
  },
  stats: {
    get: light<Of<'stats', 'get'>>({ method: 'GET', path: '/v1/user/stats', access: 'private' }),
  },
  garments: {
    list: light<Of<'garments', 'list'>>({ method: 'GET', path: '/v1/garment/list', access: 'shopper' }),
    add: light<Of<'garments', 'add'>>({ method: 'POST', path: '/v1/garment/add', access: 'private' }),
    addUrl: light<Of<'garments', 'addUrl'>>({
      method: 'POST',
      path: '/v1/garment/add/url',
      access: 'shopper',
    }),
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
  },
  models: {
    list: light<Of<'models', 'list'>>({ method: 'GET', path: '/v1/model/list', access: 'shopper' }),
    add: light<Of<'models', 'add'>>({ method: 'POST', path: '/v1/model/add', access: 'private' }),
    addUrl: light<Of<'models', 'addUrl'>>({ method: 'POST', path: '/v1/model/add/url', access: 'shopper' }),
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
  },
  tryOns: {
    list: light<Of<'tryOns', 'list'>>({ method: 'GET', path: '/v1/tryon/list', access: 'shopper' }),
    remove: light<Of<'tryOns', 'remove'>>({
      method: 'POST',
      path: '/v1/tryon/remove/:tuid',
      access: 'shopper',
    }),
  },
  looks: {
    list: light<Of<'looks', 'list'>>({ method: 'GET', path: '/v1/look/list', access: 'shopper' }),
    remove: light<Of<'looks', 'remove'>>({
      method: 'POST',
      path: '/v1/look/remove/:luid',
      access: 'shopper',
    }),
  },
};
