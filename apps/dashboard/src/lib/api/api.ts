import { createApi } from '@reduxjs/toolkit/query/react';
import { clientBaseQuery } from './base-query.ts';

/** Cache tags of spec §4, and the webhooks screen's own. */
export const tagTypes = ['User', 'Model', 'Face', 'Look', 'Garment', 'Tryon', 'Webhook', 'Import'] as const;

/** Spec §9: user, model and garment data are kept 20 s after their last use; everything else 60 s. */
export const SHORT_CACHE_SECONDS = 20;

/** The one API slice; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
