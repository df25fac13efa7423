import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { type CallInput, type ClientError, createClient } from '@tryon/client';
import type { RouteDef } from '@tryon/contract';
import { type ParametersState, setPrivateApiKey, setUser } from '../parameters/parameters-slice.ts';

/** What an endpoint hands the base query: a contract route, its input and, for uploads, a body. */
export interface CallArgs {
  def: RouteDef;
  input: { query?: object; params?: object };
  body?: BodyInit;
}

/** Typed at the endpoint, erased for the base query. */
export const callArgs = <D extends RouteDef>(def: D, input: CallInput<D>, body?: BodyInit): CallArgs => ({
  def,
  input,
  ...(body !== undefined ? { body } : {}),
});

/**
 * RTK Query's base query over the contract client, so failures keep the client's (fetchBaseQuery-shaped)
 * errors. The key is read at call time, so signing in or out needs no new client. Any 401 means the session
 * was revoked or has expired: the key and user are cleared, which sends `RequireAuth` to /login (unless the
 * user signed in again meanwhile with another key).
 */
export const clientBaseQuery: BaseQueryFn<CallArgs, unknown, ClientError> = async (args, api) => {
  const { parameters } = api.getState() as { parameters: ParametersState };
  const client = createClient({ baseUrl: '', apiKey: parameters.privateApiKey });
  const result = await client.call(args.def, args.input as CallInput<RouteDef>, {
    signal: api.signal,
    ...(args.body !== undefined ? { body: args.body } : {}),
  });
  if (result.error) {
    console.warn(`${args.def.method} ${args.def.path} failed`, result.error);
    const now = (api.getState() as { parameters: ParametersState }).parameters.privateApiKey;
    if (result.error.status === 401 && now !== null && now === parameters.privateApiKey) {
      api.dispatch(setPrivateApiKey(null));
      api.dispatch(setUser(null));
    }
    return { error: result.error };
  }
  return { data: result.data };
};
