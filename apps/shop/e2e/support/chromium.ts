import { existsSync } from 'node:fs';

/** The system Chromium (Debian's package), or CHROMIUM_PATH. Playwright's own browsers cannot be fetched here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(chromiumPath);

/** Host names of the embedding sites; Chromium resolves them to this machine, nothing leaves it. */
export const SHOP_SITE = 'shop.test';
export const OTHER_SITE = 'evil.test';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  `--host-resolver-rules=MAP ${SHOP_SITE} 127.0.0.1, MAP ${OTHER_SITE} 127.0.0.1`,
];
