import type { routes as contractRoutes, garmentSchema, modelSchema, RouteDef } from '@tryon/contract';
import type { z } from 'zod';

type Contract = typeof contractRoutes;
type Of<G extends keyof Contract, R extends keyof Contract[G]> = Contract[G][R] extends RouteDef
  ? Contract[G][R]
  : never;

/**
 * The routes the shopper pages call, without their zod schemas (importing the contract's `routes` would put zod
 * and every schema into the pages' JavaScript). Each entry is typed as the contract's own definition and its
 * method, path and access must equal the contract's literal types, so a drift fails the type check, and
 * route-table.test.ts compares them at run time. The client reads only these three fields.
 */
/**
 * The contract builds garment and model routes with one generic function, so their types carry both kinds
 * (a union response, both id names); these narrow them to one kind, as the API answers.
 */
type OneKind<D extends RouteDef, Id extends string, S extends z.ZodType> = Omit<D, 'params' | 'response'> & {
  params: z.ZodObject<Record<Id, z.ZodString>>;
  response: S;
};
type ListOf<D extends RouteDef, S extends z.ZodType> = Omit<D, 'response'> & {
  response: z.ZodObject<{ items: z.ZodArray<S>; nextOffset: z.ZodNullable<z.ZodNumber> }>;
};
type G = typeof garmentSchema;
type M = typeof modelSchema;

const light = <D extends RouteDef>(def: Pick<D, 'method' | 'path' | 'access'>): D => def as D;

export const routes = {
  shops: {
    publicInfo: light<Of<'shops', 'publicInfo'>>({
      method: 'GET',
      path: '/v1/shop/public',
      access: 'shopper',
    }),
    page: light<Of<'shops', 'page'>>({ method: 'GET', path: '/v1/shop/page/:suid', access: 'none' }),
  },
  garments: {
    get: light<OneKind<Of<'garments', 'get'>, 'guid', G>>({
      method: 'GET',
      path: '/v1/garment/:guid',
      access: 'shopper',
    }),
    list: light<ListOf<Of<'garments', 'list'>, G>>({
      method: 'GET',
      path: '/v1/garment/list',
      access: 'shopper',
    }),
    like: light<OneKind<Of<'garments', 'like'>, 'guid', G>>({
      method: 'POST',
      path: '/v1/garment/like/:guid',
      access: 'shopper',
    }),
    unlike: light<OneKind<Of<'garments', 'unlike'>, 'guid', G>>({
      method: 'POST',
      path: '/v1/garment/unlike/:guid',
      access: 'shopper',
    }),
  },
  models: {
    get: light<OneKind<Of<'models', 'get'>, 'muid', M>>({
      method: 'GET',
      path: '/v1/model/:muid',
      access: 'shopper',
    }),
    list: light<ListOf<Of<'models', 'list'>, M>>({
      method: 'GET',
      path: '/v1/model/list',
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
  },
  tryOns: {
    list: light<Of<'tryOns', 'list'>>({ method: 'GET', path: '/v1/tryon/list', access: 'shopper' }),
    get: light<Of<'tryOns', 'get'>>({ method: 'GET', path: '/v1/tryon/:tuid', access: 'shopper' }),
    add: light<Of<'tryOns', 'add'>>({ method: 'POST', path: '/v1/tryon/add', access: 'shopper' }),
    view: light<Of<'tryOns', 'view'>>({ method: 'GET', path: '/v1/tryon/view/:t', access: 'none' }),
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
};
