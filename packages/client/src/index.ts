export { ApiError, type ApiErrorCode, isApiError, unwrap } from './api-error.ts';
export {
  type CallInput,
  type CallOptions,
  type Client,
  type ClientOptions,
  createClient,
  routeUrl,
} from './client.ts';
export { lookAndWait, tryOnAndWait, type WaitOptions } from './render-wait.ts';
export { type ClientError, errorCodeOf, errorDetailsOf, errorMessageOf, type Result } from './result.ts';
