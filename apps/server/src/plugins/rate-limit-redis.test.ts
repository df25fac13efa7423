import { randomBytes } from 'node:crypto';
import { routes } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { api, failed } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('rate limits on Redis: skipped, TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  it('counts requests of one client address across two server processes', async () => {
    const env = { REDIS_URL: redisUrl ?? '', RATE_LIMIT_SIGNIN_PER_MINUTE: '4' };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      // A fresh address per run, so counters left in Redis by earlier runs do not matter.
      const ip = `10.${randomBytes(3).join('.')}`;
      const register = (app: TestApp, n: number) =>
        api(app, { remoteAddress: ip }).call(routes.auth.mailRegister, {
          query: { email: `r${n}@example.com` },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await register(i % 2 ? a : b, i)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      const fifth = await register(a, 5);
      expect(failed(fifth, 429).errorCodeStr).toBe('RATE_LIMITED');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
