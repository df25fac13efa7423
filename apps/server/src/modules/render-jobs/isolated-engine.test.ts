import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { EngineError } from '@tryon/engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { flatLay } from '../../../../../packages/engine/test/fixtures/garments.ts';
import { body, personPhoto } from '../../../../../packages/engine/test/fixtures/people.ts';
import { IsolatedEngine } from './isolated-engine.ts';

const standIn = new URL('../../../test/failing-render-child.mjs', import.meta.url);
const tiny = Buffer.from([1]);

/** Runs a try-on on the stand-in child, which behaves as `how` says. */
const tryOnAs = (how: string, signal?: AbortSignal) =>
  new IsolatedEngine({ settings: { kind: 'builtin' }, script: standIn }).renderTryOn(
    { person: tiny, garment: tiny, garmentCategory: how },
    signal ? { signal } : {},
  );

/** Whether a process runs (a zombie, dead but not yet reaped by its new parent, does not). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('a render in a process of its own', () => {
  it('renders a try-on with the built-in engine, which loads its models in the child', async () => {
    const engine = new IsolatedEngine({ settings: { kind: 'builtin' } });
    const person = await personPhoto(body('studio-2'), 768);
    const garment = (await flatLay('t-shirt', { colour: '#c0392b' })).jpeg;
    const result = await engine.renderTryOn({ person, garment });
    const meta = await sharp(result.bytes).metadata();
    const personMeta = await sharp(person).metadata();
    expect(Buffer.isBuffer(result.bytes)).toBe(true);
    expect({ width: meta.width, height: meta.height }).toEqual({
      width: personMeta.width,
      height: personMeta.height,
    });
    expect(result).toMatchObject({ width: personMeta.width, height: personMeta.height });
    // The engine's refusals cross over as they are: a flat colour has no person in it.
    const flat = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    await expect(engine.renderTryOn({ person: flat, garment })).rejects.toMatchObject({
      code: 'NO_PERSON',
      retryable: false,
    });
  }, 180_000);

  it('answers a crash of its process (a signal, or an exit without an answer) as a retryable RENDER_FAILED', async () => {
    const crash = await tryOnAs('crash').catch((error: unknown) => error);
    expect(crash).toBeInstanceOf(EngineError);
    expect(crash).toMatchObject({ code: 'RENDER_FAILED', retryable: true });
    expect((crash as Error).message).toContain('SIGSEGV');
    await expect(tryOnAs('exit')).rejects.toMatchObject({
      code: 'RENDER_FAILED',
      retryable: true,
      message: expect.stringContaining('exit code 3'),
    });
    await expect(tryOnAs('refuse')).rejects.toMatchObject({ code: 'NO_PERSON', retryable: false });
  });

  it('kills a child that takes too long, and answers RENDER_TIMEOUT', async () => {
    const started = Date.now();
    await expect(tryOnAs('hang', AbortSignal.timeout(500))).rejects.toMatchObject({
      code: 'RENDER_TIMEOUT',
      retryable: true,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a child whose parent was killed stops at once, leaving no process behind', async () => {
    // A parent process that starts an isolated try-on (the real child: it loads its models, then renders, which
    // takes seconds) and is then killed.
    const fixtures = new URL('../../../../../packages/engine/test/fixtures/', import.meta.url).href;
    const parentCode = `
      import { IsolatedEngine } from ${JSON.stringify(new URL('./isolated-engine.ts', import.meta.url).href)};
      import { flatLay } from ${JSON.stringify(`${fixtures}garments.ts`)};
      import { bodies, personPhoto } from ${JSON.stringify(`${fixtures}people.ts`)};
      const person = await personPhoto(bodies[0], 1024);
      const garment = (await flatLay('hoodie')).jpeg;
      const engine = new IsolatedEngine({ settings: { kind: 'builtin' } });
      await engine.renderTryOn({ person, garment });
    `;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', parentCode], {
      stdio: 'ignore',
    });
    const childPid = await new Promise<number>((resolve, reject) => {
      const end = Date.now() + 20_000;
      const look = setInterval(() => {
        const pid = childrenOf(parent.pid ?? 0).find((child) =>
          commandOf(child).includes('isolated-engine-child'),
        );
        if (pid) {
          clearInterval(look);
          resolve(pid);
        } else if (Date.now() > end) {
          clearInterval(look);
          reject(new Error('the parent started no child'));
        }
      }, 100);
    });
    // Into the render: the child has the request and loads its models.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(alive(childPid)).toBe(true);
    parent.kill('SIGKILL');
    const end = Date.now() + 500;
    while (alive(childPid) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(alive(childPid)).toBe(false);
  }, 30_000);
});

/** The command line of a process, as Linux lists it ('' once it has gone). */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The child processes of `pid`, as Linux lists them. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
