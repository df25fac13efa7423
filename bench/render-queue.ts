import { routes } from '@tryon/contract';
import { createEngine } from '@tryon/engine';
import { ok, upload } from '../apps/server/test/api.ts';
import { createTestApp, TestClock } from '../apps/server/test/harness.ts';
import { createShop } from '../apps/server/test/shop-fixture.ts';
import { flatLayShirt } from '../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../packages/engine/test/fixtures/sample-photos.ts';
import { median, p95 } from './lib.ts';

/**
 * Submit-to-done time of a try-on through the whole pipeline of the embedded mode: the API call (charge,
 * row), the database queue, the built-in engine in its worker thread, storing the result, and a client
 * waiting with `?wait=`. Baseline: the same engine rendering the same photos directly. One engine worker.
 */
const runs = Number(process.env.RUNS ?? 20);

const person = await samplePhoto('standing', 768, 1024);
const garment = await flatLayShirt();

const direct = createEngine({ kind: 'builtin', workers: 1 });
await direct.start();
await direct.renderTryOn({ person, garment });
const directMs: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  await direct.renderTryOn({ person, garment });
  directMs.push(performance.now() - start);
}
await direct.close();

const t = await createTestApp({}, new TestClock(Date.now()), {
  engine: createEngine({ kind: 'builtin', workers: 1 }),
});
try {
  const shop = await createShop(t, 'bench@example.com');
  await t.runtime.db.db
    .transaction()
    .execute((trx) => t.runtime.services.plans.setBalance(trx, shop.suid, 10_000, 'bench'));
  const owner = shop.ownerApi;
  const model = ok(await owner.call(routes.models.add, { query: {} }, upload(person)), 201);
  const item = ok(await owner.call(routes.garments.add, { query: {} }, upload(garment)), 201);
  const submit = async () =>
    ok(await owner.call(routes.tryOns.add, { query: { guid: item.guid, muid: model.muid } }), 202).tuid;
  const finish = async (tuid: string) => {
    const res = await owner.call(routes.tryOns.get, { params: { tuid }, query: { wait: 30 } });
    if (res.data?.status !== 'done')
      throw new Error(`render ${tuid} ended ${JSON.stringify(res.data ?? res.error)}`);
  };
  await finish(await submit()); // warm-up

  const queuedMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await finish(await submit());
    queuedMs.push(performance.now() - start);
  }

  const burst = 10;
  const burstStart = performance.now();
  const ids = await Promise.all(Array.from({ length: burst }, () => submit()));
  await Promise.all(ids.map(finish));
  const burstMs = performance.now() - burstStart;

  const base = median(directMs);
  console.log(`Try-on, 768x1024 person photo, ${runs} runs each, one engine worker`);
  console.log('| run | median ms | p95 ms | ratio to direct render |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(
    `| engine.renderTryOn directly (baseline) | ${base.toFixed(0)} | ${p95(directMs).toFixed(0)} | 1.00 |`,
  );
  console.log(
    `| submit-to-done through the queue | ${median(queuedMs).toFixed(0)} | ${p95(queuedMs).toFixed(0)} | ${(median(queuedMs) / base).toFixed(2)} |`,
  );
  console.log(
    `\n${burst} try-ons submitted at once: all done in ${burstMs.toFixed(0)} ms (${(burstMs / burst).toFixed(0)} ms each)`,
  );
} finally {
  await t.close();
}
