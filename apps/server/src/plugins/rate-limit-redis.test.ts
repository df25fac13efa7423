import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/harness.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('rate limits on Redis: skipped, TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  it('counts requests of one client address across two server processes', async () => {
    const env = { REDIS_URL: redisUrl ?? '', RATE_LIMIT_SIGNIN_PER_MINUTE: '4' };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      // A fresh address per run, so counters left in Redis by earlier runs do not matter.
      const ip = `10.${randomBytes(3).join('.')}`;
      const register = (app: typeof a.app, n: number) =>
        call(app, {
          method: 'POST',
          url: '/v1/user/mail/register',
          query: { email: `r${n}@example.com` },
          remoteAddress: ip,
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await register(i % 2 ? a.app : b.app, i)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      const fifth = await register(a.app, 5);
      expect(fifth.status).toBe(429);
      expect(fifth.body.errorCodeStr).toBe('RATE_LIMITED');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
