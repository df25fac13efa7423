import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from './webhook-signature.ts';

type Verify = (header: string, body: string, secret: string, nowSeconds?: number) => boolean;

/** The Node example of docs/api.md, run as a receiver would copy it. */
async function loadDocsExample(dir: string): Promise<Verify> {
  const guide = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/api.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(guide.slice(guide.indexOf('## Webhooks')))?.[1];
  if (!code) throw new Error('no js example in the Webhooks section of docs/api.md');
  const file = path.join(dir, 'verify.mjs');
  writeFileSync(file, code);
  const module = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify };
  return module.verifyWebhook;
}

describe('webhook signatures', () => {
  let dir: string;
  let verify: Verify;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tryon-sig-'));
    verify = await loadDocsExample(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const body = '{"id":"evt_1","type":"tryon.completed","created":"2026-01-15T12:00:00.000Z","data":{}}';

  it('signs "t.body" with HMAC-SHA256 keyed by the whole secret, as t=<seconds>,v1=<hex>', () => {
    const header = signWebhook('whsec_test', 1_768_478_400, body);
    const mac = createHmac('sha256', 'whsec_test').update(`1768478400.${body}`).digest('hex');
    expect(header).toBe(`t=1768478400,v1=${mac}`);
  });

  it('makes secrets of 192 random bits, never the same twice', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
  });

  it("the guide's Node example accepts a fresh signature and rejects old, tampered or foreign ones", () => {
    const now = 1_768_478_400;
    const secret = newWebhookSecret();
    const header = signWebhook(secret, now, body);
    expect(verify(header, body, secret, now + 10)).toBe(true);
    expect(verify(header, body, secret, now + 301)).toBe(false);
    expect(verify(header, body, secret, now - 301)).toBe(false);
    expect(verify(header, body.replace('tryon', 'look'), secret, now)).toBe(false);
    expect(verify(header, body, newWebhookSecret(), now)).toBe(false);
    expect(verify(header.replace(/t=\d+/, `t=${now + 5}`), body, secret, now)).toBe(false);
    expect(verify('v1=abc', body, secret, now)).toBe(false);
    expect(verify('', body, secret, now)).toBe(false);
  });
});
