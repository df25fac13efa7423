import { Redis } from 'ioredis';

/**
 * A Redis database (1-15) with no key in it now, so a test can tell every key written there as its own (tests
 * and other deployments on the same Redis use database 0, or claim an empty one the same way).
 */
export async function emptyRedisDatabase(url: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const order = Array.from({ length: 15 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    for (const db of order) {
      await redis.select(db);
      if ((await redis.dbsize()) === 0) return db;
    }
    throw new Error('no empty Redis database (1-15)');
  } finally {
    redis.disconnect();
  }
}
