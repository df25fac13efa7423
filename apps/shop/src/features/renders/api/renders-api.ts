import type { Look, SharedLook, SharedTryOn, TryOn } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import type { Call, MutationDef, QueryDef } from '../../../lib/api/query-cache.ts';

type Page<T> = { items: T[]; nextOffset: number | null };

/** A fresh Idempotency-Key per press of the button: a retried request never charges twice. */
const idempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

export const startTryOn = (call: Call, args: { guid: string; fuid: string }) =>
  call(routeTable.tryOns.add, { query: args }, { headers: { 'idempotency-key': idempotencyKey() } });

export const startLook = (call: Call, args: { fuid: string; muid: string }) =>
  call(routeTable.looks.add, { query: args }, { headers: { 'idempotency-key': idempotencyKey() } });

/** Waits (on the server, up to 20 s a call) for a render to finish. */
export const waitTryOn = (call: Call, tuid: string, signal: AbortSignal) =>
  call(routeTable.tryOns.get, { params: { tuid }, query: { wait: 20 } }, { signal });
export const waitLook = (call: Call, luid: string, signal: AbortSignal) =>
  call(routeTable.looks.get, { params: { luid }, query: { wait: 20 } }, { signal });

/** The shopper's finished try-ons, newest first. */
export const tryOnListQuery: QueryDef<null, Page<TryOn>> = {
  name: 'tryons',
  provides: ['Tryon'],
  run: (call, _args, signal) =>
    call(routeTable.tryOns.list, { query: { filter: 'done', limit: 12 } }, { signal }),
};

/** The shopper's looks, newest first; `fav`: the liked ones. */
export const lookListQuery: QueryDef<{ liked: boolean }, Page<Look>> = {
  name: 'looks',
  provides: ['Look'],
  run: (call, { liked }, signal) =>
    call(routeTable.looks.list, { query: { filter: liked ? 'fav' : 'done', limit: 30 } }, { signal }),
};

/** Spec §4: like and unlike refresh looks. */
export const likeLook: MutationDef<{ luid: string; like: boolean }, Look> = {
  name: 'likeLook',
  invalidates: ['Look'],
  run: (call, { luid, like }) =>
    call(like ? routeTable.looks.like : routeTable.looks.unlike, { params: { luid } }),
};

/** Spec §4: adding or removing a look refreshes looks and models. */
export const removeLook: MutationDef<string, { ok: true }> = {
  name: 'removeLook',
  invalidates: ['Look', 'Model'],
  run: (call, luid) => call(routeTable.looks.remove, { params: { luid } }),
};

export const tryOnViewQuery: QueryDef<string, SharedTryOn> = {
  name: 'tryonView',
  provides: ['Tryon'],
  run: (call, t, signal) => call(routeTable.tryOns.view, { params: { t } }, { signal }),
};

export const lookViewQuery: QueryDef<string, SharedLook> = {
  name: 'lookView',
  provides: ['Look'],
  run: (call, l, signal) => call(routeTable.looks.view, { params: { l } }, { signal }),
};
