import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Runtime } from '../../runtime.ts';
import { BullRenderQueue, BullRenderWorker } from '../render-jobs/bullmq-queue.ts';
import { InProcessQueue } from '../render-jobs/in-process-queue.ts';
import { ImportProcessor } from './import-processor.ts';
import { ImportsRepository } from './imports.repository.ts';

const QUEUE = 'imports';
const POLL_MS = 1000;
const RECONCILE_MS = 10_000;
/** Imports at once in a process; each fetches a few images at a time. */
const CONCURRENCY = 2;
const ROW_CONCURRENCY = 4;

export type ImportQueue = BullRenderQueue | InProcessQueue;

/** Imports wait where renders and webhook deliveries do: in their table, or a BullMQ queue of their own. */
export function createImportQueue(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  log: FastifyBaseLogger,
): ImportQueue {
  if (config.REDIS_URL) {
    return new BullRenderQueue(
      { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, name: QUEUE },
      clock,
      log,
    );
  }
  return new InProcessQueue(new ImportsRepository(db), clock, log, {
    concurrency: CONCURRENCY,
    pollMs: POLL_MS,
    name: QUEUE,
  });
}

function createProcessor(runtime: Runtime): ImportProcessor {
  const { config, services } = runtime;
  return new ImportProcessor(
    services.importsRepository,
    services.catalogRepository,
    services.catalog,
    async (suid) => (await services.shops.require(suid)).limit_garment_daily,
    runtime.clock,
    runtime.log,
    {
      rowConcurrency: ROW_CONCURRENCY,
      leaseMs: config.IMPORT_LEASE_SECONDS * 1000,
      maxRows: config.IMPORT_MAX_ROWS,
      urlImport: { allowPrivateNetworks: config.URL_IMPORT_ALLOW_PRIVATE },
    },
  );
}

/** Runs imports in this process, in the roles of render jobs: `embedded` from the table, `worker` from BullMQ. */
export function startImportJobs(runtime: Runtime, role: 'embedded' | 'worker'): () => Promise<void> {
  const queue = runtime.importQueue;
  if (role === 'embedded') {
    if (!(queue instanceof InProcessQueue)) return async () => {};
    const processor = createProcessor(runtime);
    queue.start(processor);
    return () => {
      processor.stop();
      return queue.close();
    };
  }
  if (!(queue instanceof BullRenderQueue)) throw new Error('REDIS_URL is needed for an import worker');
  const processor = createProcessor(runtime);
  const worker = new BullRenderWorker(
    { redisUrl: runtime.config.REDIS_URL ?? '', prefix: runtime.config.REDIS_PREFIX, name: QUEUE },
    queue,
    runtime.services.importsRepository,
    processor,
    runtime.clock,
    runtime.log,
    { concurrency: CONCURRENCY, reconcileMs: RECONCILE_MS, overdueMs: RECONCILE_MS },
  );
  void worker.reconcile();
  return () => {
    processor.stop();
    return worker.close();
  };
}
