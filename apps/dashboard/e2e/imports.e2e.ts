import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { ADMIN_EMAIL, startDashboardServer } from './support/dashboard-server.ts';
import { makeImage } from './support/images.ts';

const OWNER = 'imports@e2e.test';
const HEADER = 'sku,name,description,category,price,image_url,product_url';

/** The shop's catalogue on a local server: images (each answer a little late, so progress shows) and a feed. */
async function startCatalogHost(files: Record<string, { body: Buffer; type: string }>, delayMs: number) {
  const server: Server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    setTimeout(() => response.writeHead(200, { 'content-type': file.type }).end(file.body), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (p: string) => `${base}${p}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The Import dialog of the Garments screen in Chromium, against the real server and a local catalogue host. */
describe('catalogue import dialog end to end', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let host: Awaited<ReturnType<typeof startCatalogHost>>;
  const files: Record<string, { body: Buffer; type: string }> = {};

  beforeAll(async () => {
    ensureDashboardBuilt();
    const colors = ['#c33', '#3a7', '#36c', '#d90', '#939', '#0aa', '#555', '#a52', '#2a5', '#52a'];
    for (const [i, color] of colors.entries()) {
      files[`/p${i}.jpg`] = { body: await makeImage(500, 640, color), type: 'image/jpeg' };
    }
    [server, browser, host] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
      startCatalogHost(files, 250),
    ]);
    files['/feed.xml'] = {
      type: 'application/xml',
      body: Buffer.from(`<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>F1</g:id><title>Feed coat</title><g:image_link>${host.url('/p7.jpg')}</g:image_link></item>
<item><g:id>F2</g:id><title>Feed scarf</title><g:image_link>${host.url('/p8.jpg')}</g:image_link></item>
</channel></rss>`),
    };
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await new LoginPage(page).signIn(server.origin, server.dataDir, OWNER);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await host?.close();
    await server?.close();
  });

  const dialog = () => page.getByRole('dialog');
  const downloadOf = async (click: () => Promise<void>) => {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    return readFileSync(await download.path(), 'utf8');
  };

  it('opens from the Garments screen, offers the template, and follows a CSV import to its end', async () => {
    await page.goto(`${server.origin}/garments`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Import garments' }).waitFor();
    await dialog().getByText('No imports yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const template = await downloadOf(() =>
      dialog().getByRole('button', { name: 'Download the template' }).click(),
    );
    expect(template.split('\n')[0]).toBe(HEADER);

    const csv = [
      HEADER,
      ...[0, 1, 2, 3, 4].map((i) => `C${i},Shirt ${i},,shirts,${10 + i},${host.url(`/p${i}.jpg`)},`),
      `C9,Bad price,,,cheap,${host.url('/p5.jpg')},`,
      `C8,Gone,,,,${host.url('/missing.jpg')},`,
    ].join('\n');
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog().getByRole('button', { name: 'Start import' }).click();
    const progress = dialog().getByTestId('import-progress');
    await progress.getByText(/of 7 rows done/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/import-dialog-1280.png' });
    await progress.getByText('Import finished').waitFor({ timeout: 20_000 });
    expect(await progress.getByTestId('import-rows-done').innerText()).toBe('7 of 7 rows done');
    expect(await progress.getByTestId('import-count-created').innerText()).toContain('5');
    expect(await progress.getByTestId('import-count-failed').innerText()).toContain('2');

    // The report: every row, failed ones with their code and its text.
    const rows = dialog().getByTestId('import-row');
    await rows.first().waitFor();
    const report = await downloadOf(() =>
      rows
        .first()
        .getByRole('button', { name: /Report/ })
        .click(),
    );
    const lines = report.trim().split('\n');
    expect(lines[0]).toBe('row,key,outcome,error,message,item');
    expect(lines).toHaveLength(8);
    expect(lines[6]).toContain('sku:C9,failed,IMPORT_BAD_PRICE,');
    expect(lines[7]).toContain('sku:C8,failed,URL_FETCH_FAILED,');

    // The screen's grid shows the new garments once the import has ended.
    await page.keyboard.press('Escape');
    await page.getByTestId('item-card').filter({ hasText: 'Shirt 4' }).waitFor({ timeout: 10_000 });
  });

  it('imports a Merchant Center feed with daily sync, switchable from the history', async () => {
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByText('Merchant Center feed').click();
    await dialog().getByLabel('Feed URL').fill(host.url('/feed.xml'));
    await dialog().getByRole('checkbox', { name: 'Sync daily' }).check();
    await dialog().getByRole('button', { name: 'Start import' }).click();
    await dialog().getByTestId('import-progress').getByText('Import finished').waitFor({ timeout: 20_000 });
    const toggle = dialog().getByRole('switch', { name: `Sync daily: ${host.url('/feed.xml')}` });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const schedules = () => server.runtime.services.importSources.schedules(null);
    expect((await schedules()).map((s) => s.source_url)).toEqual([host.url('/feed.xml')]);
    await toggle.click({ force: true });
    await new AppShell(page).toast('Daily sync off.').waitFor();
    await expect.poll(async () => (await schedules()).length).toBe(0);
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('cancels a running import', async () => {
    const csv = [
      HEADER,
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `S${i},Slow ${i},,,,${host.url(`/p${i}.jpg`)},`),
    ];
    await dialog().getByText('CSV file', { exact: true }).first().click();
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'slow.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
    await dialog().getByRole('button', { name: 'Start import' }).click();
    const progress = dialog().getByTestId('import-progress');
    await progress.getByText(/of 10 rows done/).waitFor();
    await progress.getByRole('button', { name: 'Cancel import' }).click();
    await progress.getByText('Import cancelled').waitFor({ timeout: 10_000 });
    await expect
      .poll(async () =>
        Number(
          await progress
            .getByTestId('import-rows-done')
            .innerText()
            .then((t) => t.split(' ')[0]),
        ),
      )
      .toBeLessThan(10);
  });

  it('fits a phone screen, and speaks Russian and Polish', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: '/tmp/import-dialog-375.png' });
    await dialog().getByTestId('import-row').nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/import-history-375.png' });
    const overflow = await dialog().evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // Toasts fading out are half transparent, which axe reads as low contrast: wait until they have closed.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 10_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // The screen's header keeps both buttons on a phone, inside the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/garments-375.png' });
    for (const name of ['Import', 'Add']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const shell = new AppShell(page);
    await shell.chooseLanguage('ru');
    await page.getByRole('button', { name: 'Импорт', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Импорт одежды' }).waitFor();
    await dialog().getByText('Прошлые импорты').waitFor();
    await page.keyboard.press('Escape');
    await shell.chooseLanguage('pl');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Import ubrań' }).waitFor();
    await dialog().getByRole('button', { name: 'Rozpocznij import' }).waitFor();
    await page.keyboard.press('Escape');
    await shell.chooseLanguage('en');
  });

  it('lets an admin set a shop’s import allowance on the Shops screen', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await new LoginPage(admin).signIn(server.origin, server.dataDir, ADMIN_EMAIL);
    await admin.goto(`${server.origin}/shops`);
    const box = admin.getByRole('textbox', { name: `Imported items a day: ${OWNER}` });
    await box.waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await box.getAttribute('placeholder')).toBe('as garments');
    expect(await seriousViolations(admin)).toEqual([]);
    await box.fill('7');
    await box.press('Enter');
    await admin.getByText('Shop updated!').first().waitFor();
    const shop = await server.runtime.db.db
      .selectFrom('shops')
      .innerJoin('users', 'users.uid', 'shops.owner_uid')
      .select('shops.limit_import_daily')
      .where('users.email', '=', OWNER)
      .executeTakeFirstOrThrow();
    expect(shop.limit_import_daily).toBe(7);
    // Emptied: the imports follow the daily garment limit again.
    await box.fill('');
    await box.press('Enter');
    await expect
      .poll(async () => {
        const row = await server.runtime.db.db
          .selectFrom('shops')
          .innerJoin('users', 'users.uid', 'shops.owner_uid')
          .select('shops.limit_import_daily')
          .where('users.email', '=', OWNER)
          .executeTakeFirstOrThrow();
        return row.limit_import_daily;
      })
      .toBeNull();
    await admin.screenshot({ path: '/tmp/shops-import-allowance.png' });
    await adminContext.close();
  });
});
