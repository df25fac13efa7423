import http from 'node:http';
import https from 'node:https';
import { AppError } from '../../lib/app-error.ts';
import {
  createGuardedLookup,
  type ResolveHost,
  resolveWithSystemDns,
} from '../../lib/url-import/guarded-lookup.ts';
import { parseImportUrl } from '../../lib/url-import/import-url.ts';
import { isPublicAddress } from '../../lib/url-import/ip-policy.ts';

export interface PostOptions {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  lookup?: ResolveHost;
}

export interface PostResult {
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
}

const EXCERPT_CHARS = 500;
const READ_BYTES = 16 * 1024;

/**
 * POSTs a webhook body under the URL-import rules: http(s) only, public addresses only (checked as the socket
 * connects, against DNS rebinding), no redirects followed (a 3xx is a failed delivery), time capped. Never
 * throws: every outcome is a result to record.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const isAllowed = options.allowPrivateNetworks ? () => true : isPublicAddress;
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const target = parseImportUrl(url, isAllowed);
    const lookup = createGuardedLookup(options.lookup ?? resolveWithSystemDns, isAllowed);
    const client = target.protocol === 'https:' ? https : http;
    const { statusCode, text } = await new Promise<{ statusCode: number; text: string }>(
      (resolve, reject) => {
        const request = client.request(target, {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: false,
          lookup,
          signal,
        });
        request.on('error', reject);
        request.once('response', (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size >= READ_BYTES) return;
            chunks.push(chunk);
            size += chunk.length;
            if (size >= READ_BYTES) response.destroy();
          });
          const done = () =>
            resolve({ statusCode: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          response.on('end', done);
          response.on('close', done);
          response.on('error', done);
        });
        request.end(body);
      },
    );
    return {
      statusCode,
      latencyMs: elapsed(),
      responseExcerpt: text.slice(0, EXCERPT_CHARS),
      error: null,
    };
  } catch (error) {
    return { statusCode: null, latencyMs: elapsed(), responseExcerpt: '', error: describe(error, signal) };
  }
}

/** Says why no answer came, without resolved addresses (they would map our network for the shop). */
function describe(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timeout';
  if (error instanceof AppError) return 'address not allowed (private or local network)';
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (typeof code === 'string' && code.startsWith('ERR_TLS')) return 'TLS error';
  if (typeof code === 'string' && /CERT|SSL/.test(code)) return 'TLS certificate error';
  return 'connection failed';
}
