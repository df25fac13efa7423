import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGuardedLookup } from './guarded-lookup.ts';
import { isPublicAddress } from './ip-policy.ts';
import { fakeDns } from './test-server.ts';

type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

/** Calls the lookup the way net.connect does and collects what it answers. */
function ask(lookup: LookupFunction, hostname: string, options: LookupOptions): Promise<Answer> {
  return new Promise((resolve) =>
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('createGuardedLookup', () => {
  it('answers like dns.lookup, with one address or all of them', async () => {
    const { lookup } = fakeDns({ 'cdn.test': ['8.8.8.8', '2606:4700::1'] });
    const guarded = createGuardedLookup(lookup, isPublicAddress);
    expect(await ask(guarded, 'cdn.test', {})).toEqual({ error: null, address: '8.8.8.8', family: 4 });
    expect(await ask(guarded, 'cdn.test', { all: true })).toEqual({
      error: null,
      address: [
        { address: '8.8.8.8', family: 4 },
        { address: '2606:4700::1', family: 6 },
      ],
      family: undefined,
    });
    expect(await ask(guarded, 'cdn.test', { family: 6 })).toMatchObject({
      address: '2606:4700::1',
      family: 6,
    });
  });

  it('refuses names resolving to private addresses with URL_NOT_ALLOWED', async () => {
    const { lookup } = fakeDns({
      local: '127.0.0.1',
      metadata: '169.254.169.254',
      intranet: '10.1.2.3',
      v6local: '::1',
      mapped: '::ffff:127.0.0.1',
    });
    const guarded = createGuardedLookup(lookup, isPublicAddress);
    for (const name of ['local', 'metadata', 'intranet', 'v6local', 'mapped']) {
      for (const options of [{}, { all: true }]) {
        const { error } = await ask(guarded, name, options);
        expect(error, name).toMatchObject({ code: 'URL_NOT_ALLOWED' });
      }
    }
  });

  it('refuses an answer that mixes public and private addresses', async () => {
    const { lookup } = fakeDns({ mixed: ['8.8.8.8', '127.0.0.1'] });
    const guarded = createGuardedLookup(lookup, isPublicAddress);
    expect((await ask(guarded, 'mixed', {})).error).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    expect((await ask(guarded, 'mixed', { all: true })).error).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    // Asking only for IPv4 must not filter the bad address away and pass the rest.
    const v6 = fakeDns({ mixed: ['2606:4700::1', '::1'] });
    const guardedV6 = createGuardedLookup(v6.lookup, isPublicAddress);
    expect((await ask(guardedV6, 'mixed', { family: 6 })).error).toMatchObject({ code: 'URL_NOT_ALLOWED' });
  });

  it('checks every answer again, so a name rebinding from public to private is refused', async () => {
    let calls = 0;
    const { lookup } = fakeDns({ 'rebind.test': () => (++calls === 1 ? ['8.8.8.8'] : ['127.0.0.1']) });
    const guarded = createGuardedLookup(lookup, isPublicAddress);
    // A validate-then-connect design would check the first answer and connect with the second.
    expect(await ask(guarded, 'rebind.test', {})).toMatchObject({ error: null, address: '8.8.8.8' });
    expect((await ask(guarded, 'rebind.test', {})).error).toMatchObject({ code: 'URL_NOT_ALLOWED' });
  });

  it('passes resolver failures through and refuses answers that are not IP addresses', async () => {
    const { lookup } = fakeDns({ bogus: 'not-an-ip' });
    const guarded = createGuardedLookup(lookup, () => true);
    expect((await ask(guarded, 'missing.test', {})).error).toMatchObject({ code: 'ENOTFOUND' });
    expect((await ask(guarded, 'bogus', {})).error).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    const empty = createGuardedLookup(
      async () => [],
      () => true,
    );
    expect((await ask(empty, 'empty.test', {})).error).toMatchObject({ code: 'ENOTFOUND' });
    const throwing = createGuardedLookup(
      () => {
        throw new Error('resolver bug');
      },
      () => true,
    );
    expect((await ask(throwing, 'x.test', {})).error).toMatchObject({ message: 'resolver bug' });
  });

  it('lets every address through when private networks are allowed', async () => {
    const { lookup } = fakeDns({ intranet: ['10.1.2.3', '127.0.0.1'] });
    const guarded = createGuardedLookup(lookup, () => true);
    expect(await ask(guarded, 'intranet', {})).toMatchObject({ error: null, address: '10.1.2.3' });
  });
});
