import type { Face, Garment, TryOn } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api, SHORT_CACHE_SECONDS } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import type { Page } from '../../../lib/api/infinite-list.ts';

/** Garments offered in the embed snippet and the test try-on (the newest ones). */
const PICKABLE_GARMENTS = 50;
/** Seconds each read of a running test try-on waits on the server before answering. */
const RESULT_WAIT_SECONDS = 20;

/**
 * What the first-run checklist reads (the shop's newest garments, whether any try-on has finished) and the
 * test try-on: the owner's sample photo goes in as a photo of the shop (private key: no consent step), the
 * try-on is the same `/v1/tryon/add` the widget makes, read again until it ends.
 */
export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    newestGarments: build.query<Page<Garment>, void>({
      query: () => callArgs(routeTable.garments.list, { query: { offset: 0, limit: PICKABLE_GARMENTS } }),
      providesTags: ['Garment'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
    finishedTryons: build.query<Page<TryOn>, void>({
      query: () => callArgs(routeTable.tryOns.list, { query: { offset: 0, limit: 1, filter: 'done' } }),
      providesTags: ['Tryon'],
    }),
    addSamplePhoto: build.mutation<Face, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return callArgs(routeTable.faces.add, { query: {} }, body);
      },
      invalidatesTags: ['Face'],
    }),
    startTestTryon: build.mutation<TryOn, { guid: string; fuid: string }>({
      query: ({ guid, fuid }) => callArgs(routeTable.tryOns.add, { query: { guid, fuid } }),
    }),
    testTryon: build.query<TryOn, string>({
      query: (tuid) =>
        callArgs(routeTable.tryOns.get, { params: { tuid }, query: { wait: RESULT_WAIT_SECONDS } }),
      // A finished try-on ticks the checklist's last step.
      onQueryStarted: (_tuid, { queryFulfilled, dispatch }) =>
        queryFulfilled.then(
          ({ data }) => {
            if (data.status === 'done') dispatch(api.util.invalidateTags(['Tryon']));
          },
          () => undefined,
        ),
    }),
  }),
});

export const {
  useNewestGarmentsQuery,
  useFinishedTryonsQuery,
  useAddSamplePhotoMutation,
  useStartTestTryonMutation,
  useTestTryonQuery,
} = onboardingApi;
