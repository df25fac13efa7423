import { api } from '../lib/api/api.ts';
import { dynamicMiddleware, rootReducer } from './store.ts';

let installed = false;

/** Adds RTK Query's slice and middleware to the store; the signed-in routes call it before they render. */
export function installApi(): void {
  if (installed) return;
  installed = true;
  rootReducer.inject(api);
  dynamicMiddleware.addMiddleware(api.middleware);
}
