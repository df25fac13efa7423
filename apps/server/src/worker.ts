import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfigOrExit } from './config.ts';
import { exitOnStartupError } from './lib/startup-checks.ts';
import { createRuntime } from './runtime.ts';

/**
 * A render worker process (`npm run worker`), for deployments with REDIS_URL: the API's runtime without HTTP,
 * running render jobs (with the engine's models kept loaded) and webhook deliveries from BullMQ. Run as many as the machines' cores allow.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit((c) => {
    if (!c.REDIS_URL) {
      throw new ConfigError(
        'Invalid settings:\n  REDIS_URL: required for a worker process (without it the API renders in-process)\nSee docs/configuration.md.',
      );
    }
  });
  const runtime = await createRuntime({ config, renderJobs: 'worker' });
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) runtime.log.error({ err }, 'worker shutting down after an error');
    else runtime.log.info({ signal }, 'worker shutting down: finishing renders in flight');
    await runtime.close();
  });
  await runtime.start();
  runtime.log.info(`Render worker running (engine ${config.ENGINE}, queue prefix ${config.REDIS_PREFIX})`);
}

await main().catch(exitOnStartupError);
