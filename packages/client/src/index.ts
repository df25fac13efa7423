export {
  type CallInput,
  type CallOptions,
  type Client,
  type ClientOptions,
  createClient,
  routeUrl,
} from './client.ts';
export { type ClientError, errorCodeOf, errorMessageOf, type Result } from './result.ts';
