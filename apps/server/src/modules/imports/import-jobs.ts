import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { type Clock, utcDay } from '../../lib/clock.ts';
import type { Runtime } from '../../runtime.ts';
import { createJobQueue, type JobKind, type JobQueue, startJobKind } from '../render-jobs/job-kinds.ts';
import { HostSlots } from './host-slots.ts';
import { ImportProcessor } from './import-processor.ts';
import { ImportsRepository } from './imports.repository.ts';

/** Imports at once in a process (each fetches a few images at a time), found again within 10 s when lost. */
const IMPORTS: JobKind = { name: 'imports', pollMs: 1000, concurrency: 2, reconcileMs: 10_000 };
const ROW_CONCURRENCY = 4;

export type ImportQueue = JobQueue;

/** Imports wait where renders and webhook deliveries do: in their table, or a BullMQ queue of their own. */
export function createImportQueue(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  log: FastifyBaseLogger,
): ImportQueue {
  return createJobQueue(IMPORTS, config, new ImportsRepository(db), clock, log);
}

function createProcessor(runtime: Runtime): ImportProcessor {
  const { config, services } = runtime;
  const { dailyLimits } = services;
  return new ImportProcessor(
    {
      imports: services.importsRepository,
      items: services.catalogRepository,
      sources: services.importSources,
    },
    services.catalog,
    {
      left: (suid, now) => dailyLimits.importAllowanceLeft(runtime.db.db, suid, utcDay(now)),
      take: (trx, suid, now) => dailyLimits.takeImportAdd(trx, suid, utcDay(now)),
    },
    new HostSlots(config.IMPORT_HOST_CONCURRENCY),
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

/** Starts the daily re-syncs that are due, in one process at a time (the sweep's lease), every minute. */
export const IMPORT_SYNC_SWEEP_MS = 60_000;

/** Runs imports in this process, in the roles of render jobs (`startJobKind`). */
export function startImportJobs(runtime: Runtime, role: 'embedded' | 'worker'): () => Promise<void> {
  const { importQueue, services } = runtime;
  return startJobKind(
    IMPORTS,
    runtime,
    importQueue,
    services.importsRepository,
    createProcessor(runtime),
    role,
  );
}
