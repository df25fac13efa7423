import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLayShirt } from '../../test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../test/fixtures/sample-photos.ts';
import type { RenderEngine } from '../engine.ts';
import { createBuiltinEngine } from './builtin-engine.ts';

describe('built-in engine: queue, abort, close', () => {
  let engine: RenderEngine;
  let person: Buffer;
  let garment: Buffer;

  beforeAll(async () => {
    engine = createBuiltinEngine({ workers: 1 });
    [person, garment] = await Promise.all([samplePhoto('standing'), flatLayShirt()]);
    await engine.start();
  });
  afterAll(() => engine.close());

  it('queues renders for its one worker and answers them all', async () => {
    const results = await Promise.all([1, 2, 3].map(() => engine.renderTryOn({ person, garment })));
    expect(results.map((r) => r.width)).toEqual([768, 768, 768]);
  });

  it('gives RENDER_TIMEOUT when the signal times out, and keeps working', async () => {
    const slow = engine.renderTryOn({ person, garment }, { signal: AbortSignal.timeout(5) });
    await expect(slow).rejects.toMatchObject({ code: 'RENDER_TIMEOUT', retryable: true });
    const again = await engine.renderTryOn({ person, garment });
    expect(again.width).toBe(768);
  });

  it('gives RENDER_FAILED when the caller aborts, also for a render still queued', async () => {
    const controller = new AbortController();
    const first = engine.renderTryOn({ person, garment });
    const queued = engine.renderTryOn({ person, garment }, { signal: controller.signal });
    controller.abort();
    await expect(queued).rejects.toMatchObject({ code: 'RENDER_FAILED' });
    await expect(first).resolves.toMatchObject({ width: 768 });
  });

  it('refuses a render whose signal already aborted', async () => {
    await expect(
      engine.renderLook({ face: person, model: person }, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'RENDER_FAILED' });
  });

  it('fails cleanly after close, also for a render in progress', async () => {
    const local = createBuiltinEngine();
    await local.start();
    const running = local.renderTryOn({ person, garment }).catch((error: unknown) => error);
    await local.close();
    expect(await running).toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
    await expect(local.renderTryOn({ person, garment })).rejects.toMatchObject({
      code: 'ENGINE_UNAVAILABLE',
      retryable: false,
    });
    await expect(local.start()).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
  });
});
