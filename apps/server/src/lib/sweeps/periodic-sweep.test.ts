import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startPeriodicSweep } from './periodic-sweep.ts';
import { SweepLeases } from './sweep-leases.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sweeps run in one process', () => {
  let t: TestApp;
  let leases: SweepLeases;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { renderJobs: false });
    leases = new SweepLeases(t.runtime.db.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('of many processes asking at once, exactly one gets the lease', async () => {
    const now = t.clock.now();
    const holders = Array.from({ length: 20 }, (_, i) => `process-${i}`);
    const got = await Promise.all(holders.map((h) => leases.acquire('race', h, now, 60_000)));
    expect(got.filter(Boolean)).toHaveLength(1);
    const winner = holders[got.indexOf(true)] ?? '';
    // The holder keeps it; the others wait until it runs out.
    expect(await leases.acquire('race', winner, now + 30_000, 60_000)).toBe(true);
    expect(await leases.acquire('race', 'late', now + 60_000, 60_000)).toBe(false);
    expect(await leases.acquire('race', 'late', now + 90_000, 60_000)).toBe(true);
  });

  it('one process sweeps while it lives; another takes over once it stopped', async () => {
    const runs = { a: 0, b: 0 };
    const deps = (holder: string) => ({ leases, holder, clock: t.clock, log: pino({ level: 'silent' }) });
    const sweep = (who: 'a' | 'b') => ({
      name: 'test-sweep',
      everyMs: 100,
      run: async () => {
        runs[who]++;
      },
    });
    const stopA = startPeriodicSweep(sweep('a'), deps('a'));
    await wait(50);
    const stopB = startPeriodicSweep(sweep('b'), deps('b'));
    await wait(450);
    expect(runs.a).toBeGreaterThanOrEqual(3);
    expect(runs.b).toBe(0);

    await stopA();
    t.clock.advance(151); // a's lease (1.5 periods) runs out
    await wait(250);
    expect(runs.b).toBeGreaterThanOrEqual(1);
    await stopB();
  });
});
