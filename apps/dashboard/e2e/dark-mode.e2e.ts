import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { CatalogEditingPage } from './pages/catalog-editing-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { ADMIN_EMAIL, startDashboardServer } from './support/dashboard-server.ts';
import { seedRenders } from './support/renders.ts';
import { seedGarments } from './support/seed-catalog.ts';

const OWNER = 'dark-owner@e2e.test';

/** A screen to check: its address, and what to open on it before axe looks (a dialog, a panel). */
interface Screen {
  route: string;
  open?: (page: Page) => Promise<void>;
}

/** 15 and 7 screens at two widths each, axe on each: past the default minute when the machine is busy. */
const SCREENS_TIMEOUT = 150_000;

/**
 * Issue 15: the dashboard follows the system's dark scheme, and every screen passes axe there (contrast
 * included) at desktop and phone widths, with data on it: garments, models, renders, a webhook, the audit log.
 */
describe('dashboard in the dark colour scheme', () => {
  let server: E2eServer;
  let browser: Browser;
  let suid: string;
  let ownerKey: string;

  beforeAll(async () => {
    ensureDashboardBuilt();
    [server, browser] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page in a dark-scheme context, signed in as `email`. */
  const darkPage = async (email: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await new LoginPage(page).signIn(server.origin, server.dataDir, email);
    return page;
  };

  /**
   * Visits each screen and answers its serious axe findings at 1280 and 375 px, by screen and width. A screen is
   * loaded and opened once and then narrowed in place: the layout follows the width (the tables stack, the
   * navigation folds) without a reload, and a reload per width cost more than axe itself.
   */
  const check = async (page: Page, screens: Screen[]) => {
    const found: string[] = [];
    for (const screen of screens) {
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.goto(`${server.origin}${screen.route}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
      await screen.open?.(page);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 860 });
        // Tables stack and toasts fade by time: a finding that stays past a few seconds is real.
        const problems = await expect
          .poll(() => seriousViolations(page), { timeout: 5_000 })
          .toEqual([])
          .then(
            () => [],
            async () => seriousViolations(page),
          );
        found.push(...problems.map((p) => `${screen.route}${screen.open ? ' (open)' : ''} @${width}: ${p}`));
      }
    }
    return found;
  };

  it("passes axe on every shop owner's screen, with data, dialogs and panels open", {
    timeout: SCREENS_TIMEOUT,
  }, async () => {
    const page = await darkPage(OWNER);
    const key = (await page.evaluate(() => localStorage.getItem('privateApiKey'))) ?? '';
    ownerKey = key;
    await seedGarments(server.origin, key, 3);
    await seedRenders(server.origin, key);
    suid = (
      (await (await fetch(`${server.origin}/v1/user`, { headers: { tokenapi: key } })).json()) as {
        suid: string;
      }
    ).suid;
    const hooks = new WebhooksPage(page);
    await hooks.goto(server.origin);
    await hooks.add('https://hooks.example.com/tryon', ['tryon.completed']);

    const found = await check(page, [
      { route: '/shop' },
      { route: '/garments' },
      { route: '/garments', open: (p) => new CatalogEditingPage(p).openDetail('Seeded 0') },
      {
        route: '/garments',
        open: async (p) => {
          await p.getByRole('button', { name: 'Import', exact: true }).click();
          await p.getByRole('dialog').getByText('No imports yet.').waitFor();
        },
      },
      { route: '/models' },
      { route: '/keys' },
      {
        route: '/keys',
        open: async (p) => {
          await p.getByTestId('public-key-row').first().getByTestId('roll-key').click();
          await p.getByRole('dialog').getByTestId('roll-grace').waitFor();
        },
      },
      { route: '/webhooks' },
      {
        route: '/webhooks',
        open: async (p) => {
          await new WebhooksPage(p).openLog(0);
        },
      },
      { route: '/statistics' },
      {
        route: '/statistics',
        open: async (p) => {
          await p.getByRole('button', { name: 'Download CSV' }).click();
          await p.getByRole('menu').waitFor();
        },
      },
      { route: '/billing' },
      { route: '/audit' },
      { route: '/faq' },
      { route: '/404' },
    ]);
    expect(found).toEqual([]);
    await page.context().close();
  });

  it("passes axe on every administrator's screen", { timeout: SCREENS_TIMEOUT }, async () => {
    // The owner's feed that cannot be downloaded: the Imports screen shows it with its state (and error text).
    const feed = encodeURIComponent('http://127.0.0.1:1/feed.xml');
    const started = await fetch(`${server.origin}/v1/import/url?source=merchant&url=${feed}`, {
      method: 'POST',
      headers: { tokenapi: ownerKey },
    });
    expect(started.status).toBe(202);
    const page = await darkPage(ADMIN_EMAIL);
    const found = await check(page, [
      { route: '/shops' },
      { route: `/shops/${suid}` },
      { route: '/tryons' },
      { route: '/looks' },
      { route: '/imports', open: (p) => p.getByTestId('admin-import-row').first().waitFor() },
      { route: '/audit' },
      { route: `/statistics?shop=${suid}` },
    ]);
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('shows the login screen dark before anyone signs in', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await new LoginPage(page).goto(server.origin);
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
