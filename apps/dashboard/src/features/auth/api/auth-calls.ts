import { createClient } from '@tryon/client';
import { routeTable } from '@tryon/contract/route-table';

/**
 * The sign-in calls. They go straight through the client rather than the RTK Query cache: nothing here is
 * worth caching, and the login screen stays small (the cache loads with the signed-in app).
 */
// fetch is looked up per call (not bound once at import), so the page's current fetch is used.
const client = createClient({ baseUrl: '', fetch: (input, init) => globalThis.fetch(input, init) });

export const authCalls = {
  publicConfig: () => client.call(routeTable.auth.publicConfig, {}),
  sendCode: (email: string) => client.call(routeTable.auth.mailRegister, { query: { email } }),
  signInWithCode: (email: string, code: string) =>
    client.call(routeTable.auth.mailSignin, { query: { email, code } }),
  signInWithGoogle: (token: string) => client.call(routeTable.auth.tokenSignin, { query: { token } }),
};
