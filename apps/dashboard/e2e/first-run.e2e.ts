import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLayShirt } from '../../../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { AppShell } from './pages/app-shell.ts';
import { CatalogPage } from './pages/catalog-page.ts';
import { FirstRunPage } from './pages/first-run-page.ts';
import { KeysPage } from './pages/keys-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { startDashboardServer } from './support/dashboard-server.ts';

const OWNER = 'first-run@e2e.test';
/** Set to a folder to keep full-page screenshots of the screen at 1280 and 375 px wide. */
const SHOTS = process.env.FIRST_RUN_SHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 860 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

/**
 * Issue 10's first integration, as a new shop owner walks it in Chromium against the real server and engine:
 * the checklist ticks itself from the shop's data as each step is done elsewhere, the snippet carries the key
 * and garment, and the test try-on renders the owner's sample photo.
 */
describe('first-run checklist end to end', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let firstRun: FirstRunPage;
  let publicKey = '';

  beforeAll(async () => {
    ensureDashboardBuilt();
    [server, browser] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    page = await context.newPage();
    await new LoginPage(page).signIn(server.origin, server.dataDir, OWNER);
    firstRun = new FirstRunPage(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('shows a new shop four open steps, and no snippet before a garment exists', async () => {
    await firstRun.checklist().waitFor();
    expect(await firstRun.checklist().innerText()).toContain('0 of 4 steps done');
    expect(await firstRun.doneSteps()).toEqual([]);
    await page.getByText('Add a garment first.').first().waitFor();
    expect(await firstRun.snippet().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run test try-on' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'first-run-new');
  });

  it('ticks "Add a garment" once a garment is added on the Garments screen', async () => {
    await firstRun.step('garment').getByRole('link', { name: 'Go to Garments' }).click();
    const garments = new CatalogPage(page);
    await garments.uploadFile({ name: 'shirt.jpg', buffer: await flatLayShirt() }, { name: 'Linen shirt' });
    await garments.card('Linen shirt').waitFor({ timeout: 20_000 });
    await new AppShell(page).open('Shop');
    await expect.poll(() => firstRun.doneSteps(), { timeout: 10_000 }).toEqual(['garment']);
  });

  it('ticks the domain key only when a public key names the shop\'s site, not for "*"', async () => {
    const keys = new KeysPage(page);
    await keys.goto(server.origin);
    expect(await keys.domains(0).inputValue()).toBe('*');
    publicKey = /pk_[A-Za-z0-9_-]+/.exec(await keys.publicRows().first().innerText())?.[0] ?? '';
    expect(publicKey).not.toBe('');
    await keys.domains(0).fill('shop.example, www.shop.example');
    // The server's normalised answer replaces the text once saved.
    await expect
      .poll(() => keys.domains(0).inputValue(), { timeout: 10_000 })
      .toBe('shop.example,www.shop.example');
    await new AppShell(page).open('Shop');
    await expect.poll(() => firstRun.doneSteps(), { timeout: 10_000 }).toEqual(['garment', 'domainKey']);
  });

  it('fills the snippet with the public key and garment, copies it and ticks the step', async () => {
    const snippet = await firstRun.snippet().innerText();
    expect(snippet).toMatch(
      new RegExp(
        `^<script src="${server.origin}/w/embed.js" data-key="${publicKey}" data-garment="[^"]+" async></script>$`,
      ),
    );
    await firstRun.copySnippet();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await expect.poll(() => firstRun.doneSteps()).toEqual(['garment', 'domainKey', 'snippet']);
    // Only this browser knows of the copy; it survives a reload.
    await page.reload();
    await expect.poll(() => firstRun.doneSteps()).toEqual(['garment', 'domainKey', 'snippet']);
  });

  it('renders a test try-on of the sample photo and ticks the last step', async () => {
    await firstRun.runTestTryon(await samplePhoto('standing', 768, 1024));
    await firstRun.result().waitFor({ timeout: 60_000 });
    const image = firstRun.result().getByRole('img', { name: 'The test try-on result' });
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => firstRun.doneSteps(), { timeout: 10_000 })
      .toEqual(['garment', 'domainKey', 'snippet', 'tryon']);
    expect(await firstRun.checklist().innerText()).toContain('All set');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'first-run-done');
    await page.setViewportSize({ width: 375, height: 860 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('hides the checklist when dismissed, after a reload too, and brings it back', async () => {
    await page.getByRole('button', { name: 'Hide the checklist' }).click();
    await firstRun.checklist().waitFor({ state: 'detached' });
    await page.reload();
    const show = page.getByRole('button', { name: 'Show the getting-started checklist' });
    await show.waitFor();
    expect(await firstRun.checklist().count()).toBe(0);
    await show.click();
    await firstRun.checklist().waitFor();
  });

  it('speaks Russian and Polish, with axe clean', async () => {
    const shell = new AppShell(page);
    await shell.chooseLanguage('ru');
    await firstRun.checklist().getByText('Готово: виджет можно ставить на сайт').waitFor();
    await page.getByRole('heading', { name: 'Пробная примерка' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shell.chooseLanguage('pl');
    await page.getByRole('heading', { name: 'Kod do osadzenia' }).waitFor();
    await shell.chooseLanguage('en');
  });

  it('labels the limit boxes of /shops for administrators', async () => {
    // The e2e server makes admin@e2e.test an administrator (ADMIN_EMAILS).
    const admin = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const adminPage = await admin.newPage();
    await new LoginPage(adminPage).signIn(server.origin, server.dataDir, 'admin@e2e.test');
    await adminPage.goto(`${server.origin}/shops`);
    const row = adminPage
      .getByTestId('shop-row')
      .filter({ has: adminPage.getByRole('textbox', { name: `Shop e-mail: ${OWNER}` }) });
    await row.waitFor();
    for (const label of ['Try-ons a day', 'Try-ons a day per client', 'Garments a day']) {
      expect(await row.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await seriousViolations(adminPage)).toEqual([]);
    await shoot(adminPage, 'shops-limits');
    await admin.close();
  });
});
