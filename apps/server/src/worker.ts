import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfigOrExit } from './config.ts';
import { engineFromConfig } from './modules/renders/engine-from-config.ts';
import { startBullWorker } from './modules/renders/render-runtime.ts';

/**
 * A render worker process (`npm run worker`), for deployments with REDIS_URL: the same services as the API,
 * no HTTP, and the engine's models kept loaded. Run as many as the machines' cores allow.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit((c) => {
    if (!c.REDIS_URL) {
      throw new ConfigError(
        'Invalid settings:\n  REDIS_URL: required for a worker process (without it the API renders in-process)\nSee docs/configuration.md.',
      );
    }
  });
  const app = await buildApp({ config });
  const worker = startBullWorker(app, engineFromConfig(config));
  app.addHook('onClose', () => worker.close());
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'worker shutting down after an error');
    else app.log.info({ signal }, 'worker shutting down: finishing renders in flight');
    await app.close();
  });
  await app.ready();
  app.log.info(`Render worker running (engine ${config.ENGINE}, queue prefix ${config.REDIS_PREFIX})`);
}

await main();
