import { randomBytes } from 'node:crypto';
import { routes } from '@tryon/contract';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { api, failed, ok } from '../../test/api.ts';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { createShop, settled } from '../../test/shop-fixture.ts';
import { SketchEngine } from '../../test/sketch-engine.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { startRenderJobs } from '../modules/render-jobs/render-jobs.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('rate limits on Redis: skipped, TEST_REDIS_URL is not set');

/** A fresh address per run, so counters left in Redis by earlier runs do not matter. */
const freshIp = () => `10.${randomBytes(3).join('.')}`;

const register = (app: TestApp, ip: string, n: number) =>
  api(app, { remoteAddress: ip }).call(routes.auth.mailRegister, { query: { email: `r${n}@example.com` } });

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  it('counts requests of one client address across two server processes', async () => {
    const env = { REDIS_URL: redisUrl ?? '', RATE_LIMIT_SIGNIN_PER_MINUTE: '4' };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await register(i % 2 ? a : b, ip, i)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      const fifth = await register(a, ip, 5);
      expect(failed(fifth, 429).errorCodeStr).toBe('RATE_LIMITED');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps the counters of two deployments with different REDIS_PREFIX apart on one Redis', async () => {
    const env = (prefix: string) => ({
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: prefix,
      RATE_LIMIT_SIGNIN_PER_MINUTE: '2',
    });
    const tag = randomBytes(4).toString('hex');
    const [a, b] = await Promise.all([createTestApp(env(`a${tag}`)), createTestApp(env(`b${tag}`))]);
    try {
      const ip = freshIp();
      for (let i = 0; i < 2; i++) expect((await register(a, ip, i)).status).toBe(200);
      expect((await register(a, ip, 2)).status).toBe(429);
      // The other deployment has not seen this address yet.
      expect((await register(b, ip, 3)).status).toBe(200);
      expect((await register(b, ip, 4)).status).toBe(200);
      expect((await register(b, ip, 5)).status).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe.skipIf(!redisUrl)('with Redis down', () => {
  it('still holds the limits, counted by the process itself, and counts in Redis again once it is back', async () => {
    const proxy = await startTcpProxy(Number(new URL(redisUrl ?? 'redis://x:6379').port || 6379));
    const prefix = `t${randomBytes(6).toString('hex')}`;
    const t = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '5',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '3',
    });
    const redis = new Redis(redisUrl ?? '');
    const health = (ip: string) => call(t.app, { method: 'GET', url: '/healthz', remoteAddress: ip });
    try {
      await proxy.cut();
      // The global limit (5 a minute), per address.
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await health(ip)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await health(freshIp())).status).toBe(200);
      // A route's own tighter limit (sign-in, 3 a minute) counts apart from the global one.
      const signer = freshIp();
      for (let i = 0; i < 3; i++) expect((await register(t, signer, i)).status).toBe(200);
      expect(failed(await register(t, signer, 3), 429).errorCodeStr).toBe('RATE_LIMITED');
      expect(await redis.keys(`${prefix}:rl:*`)).toEqual([]);

      // Back: counters are kept in Redis again (after the client's reconnect).
      await proxy.restore();
      const back = freshIp();
      const deadline = Date.now() + 15_000;
      while ((await redis.keys(`${prefix}:rl:*${back}`)).length === 0 && Date.now() < deadline) {
        await health(back);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await redis.keys(`${prefix}:rl:*${back}`)).toHaveLength(1);
    } finally {
      redis.disconnect();
      await t.close();
      await proxy.close();
    }
  });

  it('holds the limits when Redis stops answering (a port nobody listens on, after start)', async () => {
    const proxy = await startTcpProxy(Number(new URL(redisUrl ?? 'redis://x:6379').port || 6379));
    const t = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: `t${randomBytes(6).toString('hex')}`,
      RATE_LIMIT_SIGNIN_PER_MINUTE: '2',
    });
    try {
      // Closed for good: the client keeps reconnecting to a port that refuses it.
      await proxy.close();
      const ip = freshIp();
      const started = Date.now();
      expect((await register(t, ip, 0)).status).toBe(200);
      expect((await register(t, ip, 1)).status).toBe(200);
      expect((await register(t, ip, 2)).status).toBe(429);
      // Each answer came at once: no request waited for Redis.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await t.close();
    }
  });

  it('serves /healthz, sign-in, reads and new try-ons; the render waits queued and is done once Redis is back', async () => {
    const proxy = await startTcpProxy(Number(new URL(redisUrl ?? 'redis://x:6379').port || 6379));
    const t = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: `t${randomBytes(6).toString('hex')}`,
    });
    try {
      await proxy.cut();
      console.log('cut');
      expect((await call(t.app, { method: 'GET', url: '/healthz' })).status).toBe(200);
      const shop = await createShop(t, 'no-redis@example.com');
      console.log('shop');
      const list = ok(await shop.ownerApi.call(routes.garments.list, { query: {} }));
      expect(list.items.map((g) => g.guid)).toEqual([shop.guid]);
      console.log('list');
      const added = await shop
        .client()
        .call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
      const row = await t.runtime.services.rendersRepository.findById(ok(added, 202).tuid);
      expect(row?.status).toBe('queued');

      // Redis is back: a worker finds the render the API could not queue, and renders it.
      await proxy.restore();
      t.clock.advance(31_000);
      const worker = startRenderJobs(t.runtime, new SketchEngine(), 'worker');
      try {
        expect((await settled(t, row?.id ?? '')).status).toBe('done');
      } finally {
        await worker.close();
      }
      console.log('row');
    } finally {
      await t.close();
      console.log('closed');
      await proxy.close();
    }
  });
});
