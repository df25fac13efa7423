/**
 * Where an S3-compatible store keeps our objects, read from the one setting STORAGE_URL:
 *
 *   s3://[accessKeyId:secretAccessKey@]bucket[/prefix][?region=…&endpoint=…&forcePathStyle=true|false]
 *
 * - `bucket`: an S3 bucket name (3–63 characters: lower-case letters, digits, dots, hyphens).
 * - `prefix`: optional folder inside the bucket; every key is stored under it.
 * - `region`: defaults to the AWS chain (AWS_REGION, ~/.aws/config); with `endpoint` it defaults to us-east-1,
 *   which S3-compatible stores accept.
 * - `endpoint`: an http(s) URL, only for S3-compatible stores (MinIO, Ceph, R2…); leave it out for AWS.
 * - `forcePathStyle`: `endpoint/bucket/key` addressing instead of `bucket.endpoint/key`; defaults to true with an
 *   endpoint (what most S3-compatible stores need) and false without.
 * - Credentials: leave them out to use the standard AWS chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profile,
 *   instance or container role). Or give them as user:password, percent-encoded (`/` as %2F, `+` as %2B).
 *
 * Example: s3://minio:s3cr%2Ft@media/tryon?endpoint=http://127.0.0.1:9000
 */
export interface S3Location {
  bucket: string;
  /** '' or a path ending with '/', put before every key. */
  prefix: string;
  region: string | undefined;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const REGION = /^[a-z0-9-]+$/;
const PARAMS = new Set(['region', 'endpoint', 'forcePathStyle']);
const FORMAT = 's3://[accessKeyId:secretAccessKey@]bucket[/prefix][?region=…&endpoint=…&forcePathStyle=true]';

/** Reads STORAGE_URL; throws an Error naming what is wrong. */
export function parseStorageUrl(storageUrl: string): S3Location {
  let url: URL;
  try {
    url = new URL(storageUrl.trim());
  } catch {
    fail('it is not a URL (percent-encode any / : @ ? # in the access key or secret)');
  }
  if (url.protocol !== 's3:') fail(`the scheme must be s3://, not ${url.protocol}//`);
  if (!url.hostname) fail('the bucket name is missing');
  if (url.port) fail('a port belongs in the endpoint parameter, not after the bucket name');
  if (!BUCKET.test(url.hostname)) {
    fail('the bucket name must be 3-63 lower-case letters, digits, dots or hyphens');
  }
  if (url.hash) fail('it must not have a #fragment');

  // URL quietly resolves `a/../b` to `b`, so look for dot segments before parsing removed them.
  if (/\/(?:\.|%2e){1,2}(?=[/?#]|$)/i.test(storageUrl.trim().split(/[?#]/, 1)[0] ?? '')) {
    fail('the prefix must not contain . or .. segments');
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (!segments.every((s) => PREFIX_SEGMENT.test(s))) {
    fail("each prefix segment must be letters, digits, '_', '-' or '.', not starting with a dot");
  }

  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (!PARAMS.has(name)) {
      fail(`unknown parameter ${JSON.stringify(name)} (known: ${[...PARAMS].join(', ')})`);
    }
    if (params.has(name)) fail(`the parameter ${name} is given twice`);
    params.set(name, value);
  }

  const endpoint = params.get('endpoint');
  if (endpoint !== undefined) checkEndpoint(endpoint);

  const region = params.get('region') ?? (endpoint === undefined ? undefined : 'us-east-1');
  if (region !== undefined && !REGION.test(region)) fail('region must look like eu-central-1');

  const pathStyle = params.get('forcePathStyle');
  if (pathStyle !== undefined && !['true', 'false', '1', '0'].includes(pathStyle)) {
    fail('forcePathStyle must be true or false');
  }

  if (Boolean(url.username) !== Boolean(url.password)) {
    fail('give both the access key id and the secret as accessKeyId:secretAccessKey@, or neither');
  }
  let credentials: S3Location['credentials'];
  if (url.username) {
    try {
      credentials = {
        accessKeyId: decodeURIComponent(url.username),
        secretAccessKey: decodeURIComponent(url.password),
      };
    } catch {
      fail('the access key or secret has a broken %-escape');
    }
  }

  return {
    bucket: url.hostname,
    prefix: segments.length > 0 ? `${segments.join('/')}/` : '',
    region,
    endpoint,
    forcePathStyle:
      pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true' || pathStyle === '1',
    credentials,
  };
}

function checkEndpoint(endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    fail('endpoint must be a URL such as http://127.0.0.1:9000');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail('endpoint must be an http:// or https:// URL');
  }
  if (url.username || url.password) fail('credentials go before the bucket name, not into endpoint');
  if (url.search || url.hash) fail('endpoint must not have a query or #fragment (percent-encode & as %26)');
}

/** The messages never repeat the URL, which may hold a secret key. */
function fail(reason: string): never {
  throw new Error(`Invalid STORAGE_URL: ${reason}. Expected ${FORMAT}`);
}
