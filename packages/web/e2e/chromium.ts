import { existsSync } from 'node:fs';

/** The system Chromium (Debian's package), or CHROMIUM_PATH. Playwright's own browsers cannot be fetched here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(chromiumPath);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
