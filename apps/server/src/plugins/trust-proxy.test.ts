import { randomBytes } from 'node:crypto';
import { routes } from '@tryon/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** A made-up address per request: what a client puts in X-Forwarded-For to dodge per-address limits. */
const spoofed = () => `198.51.100.${randomBytes(1)[0] ?? 0}`;

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /**
   * Statuses of three code requests, the n-th arriving from `peers[n]` with X-Forwarded-For
   * `<made up>, <forwarded[n]>` (the client's own claim first, then what the proxy appended).
   */
  async function threeRegisters(peers: string[], forwarded: string[]): Promise<number[]> {
    const app = t;
    if (!app) throw new Error('no app');
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const client = api(app, {
        remoteAddress: peers[i] ?? '',
        headers: { 'x-forwarded-for': `${spoofed()}, ${forwarded[i] ?? ''}` },
      });
      statuses.push(
        (await client.call(routes.auth.mailRegister, { query: { email: `p${++sent}@example.com` } })).status,
      );
    }
    return statuses;
  }

  let sent = 0;
  const proxies = ['10.0.0.2', '10.0.0.3', '10.0.0.4'];
  const same = (address: string) => [address, address, address];
  const distinct = (prefix: string) => [`${prefix}.1`, `${prefix}.2`, `${prefix}.3`];

  it('a hop count counts the address the proxy saw, whichever proxy, whatever the client wrote', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    expect(await threeRegisters(proxies, same('203.0.113.7'))).toEqual([200, 200, 429]);
    // Three shoppers behind the same proxy are three addresses.
    expect(await threeRegisters(same('10.0.0.2'), distinct('203.0.113'))).toEqual([200, 200, 200]);
  });

  it('a proxy list believes X-Forwarded-For only from the listed proxies', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    expect(await threeRegisters(proxies, same('203.0.113.8'))).toEqual([200, 200, 429]);
    // Not a listed proxy: its header is ignored, and it is counted as itself.
    expect(await threeRegisters(same('192.0.2.44'), distinct('203.0.114'))).toEqual([200, 200, 429]);
  });

  it('without TRUST_PROXY the header is ignored', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    expect(await threeRegisters(same('192.0.2.45'), distinct('203.0.115'))).toEqual([200, 200, 429]);
    expect(await threeRegisters(distinct('192.0.3'), same('203.0.113.11'))).toEqual([200, 200, 200]);
  });
});
