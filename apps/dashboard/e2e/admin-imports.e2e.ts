import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
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
import { call, signIn } from './support/screenshot-seed.ts';

const BLUE = 'blue@imports-admin.test';
const GREEN = 'green@imports-admin.test';
const HEADER = 'sku,name,description,category,price,image_url,product_url';
/** `ADMIN_IMPORTS_SHOTS=<dir>` keeps the screenshots elsewhere. */
const SHOTS = process.env.ADMIN_IMPORTS_SHOTS ?? '/tmp';

/** Images and a Merchant Center feed on a local server (the e2e server may fetch from 127.0.0.1). */
async function startCatalogHost(files: Record<string, { body: Buffer; type: string }>) {
  const server: Server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (p: string) => `${base}${p}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

interface Job {
  id: string;
  status: string;
}

/** Issue 11: an administrator's view of every shop's imports, against the real server and real imports. */
describe('admin imports screen end to end', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let host: Awaited<ReturnType<typeof startCatalogHost>>;
  const files: Record<string, { body: Buffer; type: string }> = {};
  const keys = { blue: '', green: '' };
  const suids = { blue: '', green: '' };
  const jobs = { blueCsv: '', greenCsv: '', greenFeed: '' };

  const csvForm = (lines: string[]) => {
    const form = new FormData();
    form.append('file', new Blob([[HEADER, ...lines].join('\n')], { type: 'text/csv' }), 'catalog.csv');
    return form;
  };
  const finished = async (key: string, id: string) => {
    const read = async () =>
      (
        (await (
          await fetch(`${server.origin}/v1/import/${id}`, { headers: { tokenapi: key } })
        ).json()) as Job
      ).status;
    const until = Date.now() + 30_000;
    while (!/done|failed/.test(await read())) {
      if (Date.now() > until) throw new Error(`import ${id} did not end`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const downloadOf = async (p: Page, click: () => Promise<void>) => {
    const [download] = await Promise.all([p.waitForEvent('download'), click()]);
    return readFileSync(await download.path(), 'utf8');
  };
  const rows = (p: Page) => p.getByTestId('admin-import-row');
  const rowOf = (p: Page, shop: string) =>
    rows(p).filter({ has: p.getByTestId('import-shop').getByText(shop) });
  const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, name), fullPage: true });

  beforeAll(async () => {
    ensureDashboardBuilt();
    for (const [i, color] of ['#c33', '#3a7', '#36c', '#d90'].entries()) {
      files[`/p${i}.jpg`] = { body: await makeImage(500, 640, color), type: 'image/jpeg' };
    }
    [server, browser, host] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
      startCatalogHost(files),
    ]);
    files['/feed.xml'] = {
      type: 'application/xml',
      body: Buffer.from(`<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>F1</g:id><title>Feed coat</title><g:image_link>${host.url('/p2.jpg')}</g:image_link></item>
<item><g:id>F2</g:id><title>Feed scarf</title><g:image_link>${host.url('/p3.jpg')}</g:image_link></item>
</channel></rss>`),
    };

    // Two shops import through the API as an owner would: Blue a CSV (2 created, 1 failed), Green a CSV
    // (1 created, 1 failed) and then a feed synced daily (2 created).
    const { origin, dataDir } = server;
    keys.blue = await signIn(origin, dataDir, BLUE);
    keys.green = await signIn(origin, dataDir, GREEN);
    await call(origin, keys.blue, `/v1/shop/update?name=${encodeURIComponent('Blue Jeans Store')}`);
    await call(origin, keys.green, `/v1/shop/update?name=${encodeURIComponent('Green Wear')}`);
    for (const shop of ['blue', 'green'] as const) {
      const me = await fetch(`${origin}/v1/user`, { headers: { tokenapi: keys[shop] } });
      suids[shop] = ((await me.json()) as { suid: string }).suid;
    }
    const blue = csvForm([
      `B1,Blue shirt,,shirts,10,${host.url('/p0.jpg')},`,
      `B2,Blue jeans,,jeans,20,${host.url('/p1.jpg')},`,
      `B3,Blue cheap,,,cheap,${host.url('/p2.jpg')},`,
    ]);
    jobs.blueCsv = (await call(origin, keys.blue, '/v1/import/csv?kind=garment', blue)).id ?? '';
    await finished(keys.blue, jobs.blueCsv);
    const green = csvForm([
      `G1,Green dress,,dress,30,${host.url('/p3.jpg')},`,
      `G2,Green gone,,,,${host.url('/missing.jpg')},`,
    ]);
    jobs.greenCsv = (await call(origin, keys.green, '/v1/import/csv?kind=garment', green)).id ?? '';
    await finished(keys.green, jobs.greenCsv);
    const feed = encodeURIComponent(host.url('/feed.xml'));
    jobs.greenFeed =
      (await call(origin, keys.green, `/v1/import/url?source=merchant&url=${feed}&daily=1`)).id ?? '';
    await finished(keys.green, jobs.greenFeed);

    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await new LoginPage(page).signIn(server.origin, server.dataDir, ADMIN_EMAIL);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await host?.close();
    await server?.close();
  });

  it("lists every shop's imports, newest first, with the shop, kind, source, state, rows and daily sync", async () => {
    const shell = new AppShell(page);
    await page.goto(`${server.origin}/shops`);
    await shell.menuLink('Imports').waitFor();
    await shell.open('Imports');
    await page.waitForURL(`${server.origin}/imports`);
    await page.getByRole('heading', { name: 'Imports' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    // Newest first: Green's feed, Green's CSV, Blue's CSV.
    expect(await rows(page).getByTestId('import-shop').allInnerTexts()).toEqual([
      'Green Wear',
      'Green Wear',
      'Blue Jeans Store',
    ]);
    const blue = rowOf(page, 'Blue Jeans Store');
    expect(await blue.getAttribute('data-shop')).toBe(suids.blue);
    expect(await blue.getByTestId('import-done').innerText()).toBe('3 of 3 rows done');
    expect(await blue.getByTestId('import-counts').innerText()).toBe(
      '2 created · 0 updated · 0 unchanged · 1 failed',
    );
    expect(await blue.innerText()).toMatch(/Garments[\s\S]*CSV file[\s\S]*Done/);
    expect(await blue.getByTestId('import-daily').innerText()).toBe('—');
    expect(await blue.getByTestId('import-started').innerText()).toMatch(/^Started \w{3} \d+, \d{4}/);
    expect(await blue.getByTestId('import-ended').innerText()).toMatch(/^Ended \w{3} \d+, \d{4}/);
    const [feedRow, greenCsv] = [rows(page).nth(0), rows(page).nth(1)];
    expect(await feedRow.innerText()).toContain('Merchant Center feed');
    expect(await feedRow.innerText()).toContain(host.url('/feed.xml'));
    expect(await feedRow.getByTestId('import-counts').innerText()).toBe(
      '2 created · 0 updated · 0 unchanged · 0 failed',
    );
    expect(await feedRow.getByTestId('import-daily').innerText()).toBe('On');
    expect(await greenCsv.getByTestId('import-counts').innerText()).toBe(
      '1 created · 0 updated · 0 unchanged · 1 failed',
    );
    // The whole row fits beside the menu at 1280 px: the report buttons are not scrolled out of view.
    const table = await page.getByTestId('admin-imports').boundingBox();
    const button = await blue.getByRole('button', { name: /Report/ }).boundingBox();
    const panel = await page.getByTestId('admin-imports-panel').boundingBox();
    expect(table && panel && button && button.x + button.width <= panel.x + panel.width).toBe(true);
    expect(await page.getByTestId('imports-page').innerText()).toBe('Page 1');
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-imports-1280.png');
  });

  it("downloads another shop's report through the admin route", async () => {
    const blue = rowOf(page, 'Blue Jeans Store');
    const report = await downloadOf(page, () => blue.getByRole('button', { name: /Report/ }).click());
    const lines = report.trim().split('\n');
    expect(lines[0]).toBe('row,key,outcome,error,message,item');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('sku:B1,created');
    expect(lines[3]).toContain('sku:B3,failed,IMPORT_BAD_PRICE,');
  });

  it('filters by shop (kept in the address) and by kind, and links each row to its shop', async () => {
    await page.getByTestId('shop-filter').click();
    await page.getByRole('option', { name: /Green Wear/ }).click();
    await page.waitForURL(`${server.origin}/imports?shop=${suids.green}`);
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(new Set(await rows(page).getByTestId('import-shop').allInnerTexts())).toEqual(
      new Set(['Green Wear']),
    );
    await page.getByTestId('kind-filter').selectOption('model');
    await page.getByTestId('imports-empty').waitFor();
    await page.getByTestId('kind-filter').selectOption('garment');
    await expect.poll(() => rows(page).count()).toBe(2);

    // The shop's name opens its detail; the detail's "Its imports" opens this screen with the shop picked.
    await rows(page).first().getByTestId('import-shop').click();
    await page.waitForURL(`${server.origin}/shops/${suids.green}`);
    await page.getByRole('link', { name: 'Its imports' }).click();
    await page.waitForURL(`${server.origin}/imports?shop=${suids.green}`);
    await expect.poll(() => rows(page).count()).toBe(2);
  });

  it('pages by 25, newest first', async () => {
    // 26 more finished imports of Blue's, older than the real ones, straight into the database.
    const db = server.runtime.db.db;
    const model = await db
      .selectFrom('catalog_imports')
      .selectAll()
      .where('id', '=', jobs.blueCsv)
      .executeTakeFirstOrThrow();
    const old = Array.from({ length: 26 }, (_, i) => ({
      ...model,
      id: `imp_paging_${String(i).padStart(2, '0')}`,
      created_at: model.created_at - (i + 1) * 60_000,
      finished_at: model.created_at - (i + 1) * 60_000 + 1000,
    }));
    await db.insertInto('catalog_imports').values(old).execute();
    await page.goto(`${server.origin}/imports`);
    await expect.poll(() => rows(page).count()).toBe(25);
    await page.getByRole('button', { name: 'Older' }).click();
    await expect.poll(() => page.getByTestId('imports-page').innerText()).toBe('Page 2');
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect.poll(() => rows(page).count()).toBe(25);
    expect(await rows(page).first().getByTestId('import-shop').innerText()).toBe('Green Wear');
  });

  it('reads on a phone: rows stacked, no sideways scrolling, axe clean at 375 px', async () => {
    await page.goto(`${server.origin}/imports?shop=${suids.green}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => rows(page).count()).toBe(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect.poll(() => seriousViolations(page), { timeout: 5000 }).toEqual([]);
    await shot(page, 'admin-imports-375.png');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('speaks Russian and Polish, the report too', async () => {
    const shell = new AppShell(page);
    await page.goto(`${server.origin}/imports`);
    await expect.poll(() => rows(page).count()).toBe(25);
    await shell.chooseLanguage('ru');
    await page.getByRole('heading', { name: 'Импорт' }).waitFor();
    expect(await shell.menuLabels()).toContain('Импорт');
    expect(await page.getByRole('columnheader').allInnerTexts()).toContain('Магазин');
    expect(await rows(page).nth(2).getByTestId('import-counts').innerText()).toBe(
      'создано 2 · обновлено 0 · без изменений 0 · с ошибкой 1',
    );
    expect(await rows(page).first().getByTestId('import-daily').innerText()).toBe('Вкл.');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-imports-ru-1280.png');
    const ru = await downloadOf(page, () => rows(page).nth(2).getByRole('button', { name: /Отчёт/ }).click());
    expect(ru).toContain('IMPORT_BAD_PRICE,Цена не является числом');

    await shell.chooseLanguage('pl');
    await page.getByRole('heading', { name: 'Importy' }).waitFor();
    expect(await shell.menuLabels()).toContain('Importy');
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining(['Sklep', 'Rodzaj', 'Kiedy', 'Raport']),
    );
    expect(await rows(page).nth(0).getByTestId('import-done').innerText()).toBe(
      'Przetworzono wierszy: 2 z 2',
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => seriousViolations(page), { timeout: 5000 }).toEqual([]);
    await shot(page, 'admin-imports-pl-375.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shell.chooseLanguage('en');
  });

  it('gives an owner no Imports entry; the screen and the admin calls refuse the owner', async () => {
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await ownerContext.newPage();
    // Blue's session from the API sign-in (a second e-mailed code so soon would be refused as too soon).
    await owner.addInitScript((key) => localStorage.setItem('privateApiKey', key), keys.blue);
    const shell = new AppShell(owner);
    await owner.goto(`${server.origin}/garments`);
    await shell.menuLink('Garments').waitFor();
    expect(await shell.menuLabels()).not.toContain('Imports');
    await owner.goto(`${server.origin}/imports`);
    await owner.getByText('Only administrators may do this.').waitFor();
    expect(await rows(owner).count()).toBe(0);
    expect(await seriousViolations(owner)).toEqual([]);
    const get = (route: string) => fetch(`${server.origin}${route}`, { headers: { tokenapi: keys.blue } });
    expect((await get(`/v1/admin/import/list?shop=${suids.green}`)).status).toBe(403);
    expect((await get(`/v1/admin/import/report/${jobs.greenCsv}`)).status).toBe(403);
    expect((await get(`/v1/import/report/${jobs.greenCsv}`)).status).toBe(404);
    await ownerContext.close();
  });
});
