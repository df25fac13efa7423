import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import type { api } from '../lib/api/api.ts';
import { loadParameters } from '../lib/parameters/load-parameters.ts';
import { type ParametersState, parametersSlice } from '../lib/parameters/parameters-slice.ts';
import { persistParameters } from '../lib/parameters/persist-parameters.ts';

/**
 * The server-state slice (RTK Query) is injected by the signed-in part of the app when it loads, so the
 * login screen does not download it (see `install-api.ts`).
 */
export const rootReducer = combineSlices(parametersSlice).withLazyLoadedSlices<WithSlice<typeof api>>();
export const dynamicMiddleware = createDynamicMiddleware();

export function createStore(parameters: ParametersState = loadParameters()) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { parameters },
    middleware: (getDefault) =>
      getDefault().prepend(persistParameters.middleware).concat(dynamicMiddleware.middleware),
    // RTK's default batching (per animation frame). Spec §9's 500 ms timer made every answer show up to half a
    // second late (measured on the Keys screen), so it is not used; see docs/dashboard.md.
  });
}

export type AppStore = ReturnType<typeof createStore>;
