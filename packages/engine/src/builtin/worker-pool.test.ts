import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from './worker-pool.ts';

type Request = { echo?: string; busy?: number; stuck?: number; crash?: boolean };
type Reply = { echo?: string | null; cancelled?: boolean; threadId?: number };

const script = new URL('../../test/fixtures/stand-in-worker.mjs', import.meta.url);
const pools: WorkerPool<Request, Reply>[] = [];
const pool = (size = 1, cancelGraceMs = 5_000) => {
  const p = new WorkerPool<Request, Reply>({ script, size, cancelGraceMs });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('answers requests in order through its workers', async () => {
    const p = pool(2);
    const replies = await Promise.all(['a', 'b', 'c'].map((echo) => p.run({ echo }, [])));
    expect(replies.map((r) => r.echo)).toEqual(['a', 'b', 'c']);
  });

  it('fails the render of a worker that crashes as retryable, and replaces the worker', async () => {
    const p = pool(1);
    await expect(p.run({ crash: true }, [])).rejects.toMatchObject({
      code: 'RENDER_FAILED',
      retryable: true,
    });
    await expect(p.run({ echo: 'after' }, [])).resolves.toMatchObject({ echo: 'after' });
  });

  it('cancels a render in its worker when the signal aborts', async () => {
    const p = pool(1);
    const started = Date.now();
    await expect(p.run({ busy: 5_000 }, [], AbortSignal.timeout(50))).rejects.toMatchObject({
      code: 'RENDER_TIMEOUT',
    });
    await expect(p.run({ echo: 'next' }, [])).resolves.toMatchObject({ echo: 'next' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('replaces a worker that does not stop after its render was cancelled', async () => {
    const p = pool(1, 100);
    const { threadId: before } = await p.run({ echo: 'first' }, []);
    const stuck = p.run({ stuck: 60_000 }, [], AbortSignal.timeout(50));
    await expect(stuck).rejects.toMatchObject({ code: 'RENDER_TIMEOUT' });
    const after = await p.run({ echo: 'fresh' }, []);
    expect(after.echo).toBe('fresh');
    expect(after.threadId).not.toBe(before);
  });

  it('refuses to start with a worker that cannot load', async () => {
    const broken = new WorkerPool<Request, Reply>({
      script: new URL('./missing-worker.mjs', import.meta.url),
      size: 1,
    });
    await expect(broken.start()).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
  });
});
