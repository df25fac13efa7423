import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { exitOnStartupError } from './lib/startup-checks.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp({ config });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Try-on platform on ${config.PUBLIC_URL} (API docs: ${config.PUBLIC_URL}/docs)`);
  app.log.info(
    `Opened at another address (127.0.0.1, a LAN name), the pages and the API work there too; share links, ` +
      `previews and e-mails point at PUBLIC_URL=${config.PUBLIC_URL}: set PUBLIC_URL to the address people use.`,
  );
}

await main().catch(exitOnStartupError);
