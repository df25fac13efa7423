import type { CallInput, CallOptions, ClientError, Result } from '@tryon/client';
import type { RouteDef, RouteResponse } from '@tryon/contract';

/** A call of the contract client (the pages' one goes through `ApiProvider`). */
export type Call = <D extends RouteDef>(
  def: D,
  input: CallInput<D>,
  init?: CallOptions,
) => Promise<Result<RouteResponse<D>>>;

/** Cache tags of spec §4; a mutation names the tags whose queries must be fetched again. */
export type Tag = 'User' | 'Model' | 'Face' | 'Look' | 'Garment' | 'Tryon';

/** Spec §9: unused data is kept 60 s, user, model and garment data 20 s. */
export const KEEP_UNUSED_SECONDS = 60;
export const SHORT_KEEP_SECONDS = 20;

export interface QueryDef<A, T> {
  name: string;
  run: (call: Call, args: A, signal: AbortSignal) => Promise<Result<T>>;
  provides: readonly Tag[];
  keepUnusedSeconds?: number;
  /** Called when a fetch settles (spec §4: a fetched garment becomes the current one, a failure clears it). */
  onSettled?: (args: A, result: Result<T>) => void;
}

export interface MutationDef<A, T> {
  name: string;
  run: (call: Call, args: A) => Promise<Result<T>>;
  invalidates: readonly Tag[];
}

export interface QueryState<T> {
  data: T | undefined;
  error: ClientError | undefined;
  /** No answer yet for these arguments. */
  isLoading: boolean;
  /** A fetch is under way (the first or a refresh). */
  isFetching: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  tags: readonly Tag[];
  subscribers: number;
  listeners: Set<() => void>;
  fetch: () => void;
  controller: AbortController | undefined;
  stale: boolean;
  dropTimer: ReturnType<typeof setTimeout> | undefined;
}

const idle: QueryState<never> = { data: undefined, error: undefined, isLoading: true, isFetching: false };

/**
 * A small tag-invalidated query cache, in the manner of RTK Query (which, with Redux, would take a quarter of
 * the page's JavaScript budget): one entry per query and arguments, shared by every component that uses it,
 * fetched again when a mutation invalidates one of its tags while in use, dropped a while after its last user.
 */
export class QueryCache {
  private readonly entries = new Map<string, Entry>();

  readonly call: Call;

  constructor(call: Call) {
    this.call = call;
  }

  keyOf<A>(def: QueryDef<A, unknown>, args: A): string {
    return `${def.name}(${JSON.stringify(args)})`;
  }

  /** The entry of a query, created on first use; its fetch is started by `subscribe`. */
  entry<A, T>(def: QueryDef<A, T>, args: A): Entry {
    const key = this.keyOf(def as QueryDef<A, unknown>, args);
    let entry = this.entries.get(key);
    if (entry) return entry;
    const created: Entry = {
      state: idle,
      tags: def.provides,
      subscribers: 0,
      listeners: new Set(),
      controller: undefined,
      stale: true,
      dropTimer: undefined,
      fetch: () => {
        created.controller?.abort();
        const controller = new AbortController();
        created.controller = controller;
        created.stale = false;
        this.update(created, { ...created.state, isFetching: true });
        void def.run(this.call, args, controller.signal).then((result) => {
          if (controller.signal.aborted) return;
          created.controller = undefined;
          this.update(
            created,
            result.error
              ? { data: undefined, error: result.error, isLoading: false, isFetching: false }
              : { data: result.data, error: undefined, isLoading: false, isFetching: false },
          );
          def.onSettled?.(args, result);
        });
      },
    };
    entry = created;
    this.entries.set(key, entry);
    return entry;
  }

  /** A component starts using a query: fetch it unless a fresh answer is there. */
  subscribe(entry: Entry, listener: () => void, keepUnusedSeconds: number): () => void {
    entry.listeners.add(listener);
    entry.subscribers += 1;
    clearTimeout(entry.dropTimer);
    if (entry.stale && !entry.controller) entry.fetch();
    return () => {
      entry.listeners.delete(listener);
      entry.subscribers -= 1;
      if (entry.subscribers > 0) return;
      entry.dropTimer = setTimeout(() => {
        for (const [key, value] of this.entries) if (value === entry) this.entries.delete(key);
      }, keepUnusedSeconds * 1000);
    };
  }

  /** Queries in use that provide one of the tags are fetched again; unused ones go stale. */
  invalidate(tags: readonly Tag[]): void {
    for (const entry of this.entries.values()) {
      if (!entry.tags.some((tag) => tags.includes(tag))) continue;
      entry.stale = true;
      if (entry.subscribers > 0) entry.fetch();
    }
  }

  private update(entry: Entry, state: QueryState<unknown>): void {
    entry.state = state;
    for (const listener of entry.listeners) listener();
  }
}
