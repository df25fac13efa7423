import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { AppShell } from './pages/app-shell.ts';
import { CatalogEditingPage } from './pages/catalog-editing-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { ADMIN_EMAIL, startDashboardServer } from './support/dashboard-server.ts';
import { makeImage } from './support/images.ts';

const OWNER = 'depth-owner@e2e.test';
/** CATALOG_SHOTS=<dir> keeps screenshots of the new screens at 1280 and 375 px. */
const SHOTS = process.env.CATALOG_SHOTS;

interface Item {
  guid: string;
  g: string;
  name: string;
  category: string;
  price: string;
  width: number;
  image: string;
}

/** Issue 15's catalogue depth, the sample garment and the admin shop detail, in Chromium against the real server. */
describe('dashboard: catalogue editing, sorting, bulk actions, sample garment, admin shop detail', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let key: string;
  let suid: string;
  const catalog = () => new CatalogEditingPage(page);

  const apiGet = async <T>(route: string): Promise<T> => {
    const res = await fetch(`${server.origin}${route}`, { headers: { tokenapi: key } });
    return (await res.json()) as T;
  };
  const addGarment = async (name: string, price: string) => {
    const form = new FormData();
    const photo = await makeImage(400, 520, '#2f9e44');
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'g.jpg');
    const query = new URLSearchParams({ name, price });
    const res = await fetch(`${server.origin}/v1/garment/add?${query}`, {
      method: 'POST',
      headers: { tokenapi: key },
      body: form,
    });
    if (res.status !== 201) throw new Error(`add ${name}: ${res.status}`);
  };
  const garments = async () => (await apiGet<{ items: Item[] }>('/v1/garment/list?limit=50')).items;
  const shoot = async (name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(250);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  beforeAll(async () => {
    ensureDashboardBuilt();
    [server, browser] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await new LoginPage(page).signIn(server.origin, server.dataDir, OWNER);
    key = (await page.evaluate(() => localStorage.getItem('privateApiKey'))) ?? '';
    suid = (await apiGet<{ suid: string }>('/v1/user')).suid;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('adds a sample garment with one click from the empty Garments screen', async () => {
    await page.goto(`${server.origin}/garments`);
    await page.getByTestId('catalog-onboarding').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot('empty-garments');
    await page.getByRole('button', { name: 'Add a sample garment' }).click();
    await catalog().card('Sample T-shirt').waitFor();
    const [sample] = await garments();
    expect(sample).toMatchObject({ name: 'Sample T-shirt', category: 't-shirt', price: '19.99', width: 800 });
    // Models have no sample (no photo of a person ships with the product): only the add button.
    await page.goto(`${server.origin}/models`);
    await page.getByTestId('catalog-onboarding').waitFor();
    expect(await page.getByRole('button', { name: /sample/i }).count()).toBe(0);
  });

  it("shows prices with the shop's currency, a count, and sorts on the server", async () => {
    await fetch(`${server.origin}/v1/shop/update?currency=EUR`, {
      method: 'POST',
      headers: { tokenapi: key },
    });
    await addGarment('Alpha coat', '120');
    await addGarment('Zulu scarf', '5');
    await addGarment('Mike jeans', '49.5');
    await page.goto(`${server.origin}/garments`);
    await expect.poll(() => catalog().cards().count()).toBe(4);
    await expect.poll(() => catalog().count().innerText()).toBe('Items: 4');
    expect(await catalog().card('Mike jeans').getByTestId('item-price').innerText()).toBe('€49.50');

    const byName = page.waitForResponse(
      (r) => r.url().includes('/v1/garment/list') && r.url().includes('sort=name'),
    );
    await catalog().sortBy('Name, A to Z');
    const named = (await (await byName).json()) as { items: Item[]; total: number };
    expect(named.items.map((i) => i.name)).toEqual([
      'Alpha coat',
      'Mike jeans',
      'Sample T-shirt',
      'Zulu scarf',
    ]);
    expect(named.total).toBe(4);
    await expect.poll(async () => (await catalog().names())[0]).toBe('Alpha coat');

    const byPrice = page.waitForResponse((r) => r.url().includes('sort=price'));
    await catalog().sortBy('Price, lowest first');
    const priced = (await (await byPrice).json()) as { items: Item[] };
    expect(priced.items.map((i) => i.name)).toEqual([
      'Zulu scarf',
      'Sample T-shirt',
      'Mike jeans',
      'Alpha coat',
    ]);
    await expect.poll(async () => (await catalog().names())[0]).toBe('Zulu scarf');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('edits name, category and price, and replaces the photo keeping the code', async () => {
    const before = (await garments()).find((g) => g.name === 'Mike jeans');
    await catalog().edit('Mike jeans', { name: 'Mike slim jeans', category: 'Jeans', price: '39,9' });
    await catalog().card('Mike slim jeans').waitFor();
    await expect
      .poll(() => catalog().card('Mike slim jeans').getByTestId('item-price').innerText())
      .toBe('€39.90');
    const edited = (await garments()).find((g) => g.guid === before?.guid);
    expect(edited).toMatchObject({ name: 'Mike slim jeans', category: 'jeans', price: '39.9' });

    // A price that is not a number is refused in the form.
    await catalog().openEdit('Mike slim jeans');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Price').fill('cheap');
    await dialog.getByText('Enter a number such as 19.99').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    // Read again until the error's fade-in ends: axe measures a half-faded text's contrast as it is.
    await expect.poll(() => seriousViolations(page), { timeout: 5_000 }).toEqual([]);
    await shoot('edit-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const card = catalog().card('Mike slim jeans');
    const oldSrc = await card.locator('img').getAttribute('src');
    await catalog().edit('Mike slim jeans', { photo: await makeImage(600, 700, '#e8590c') });
    await expect.poll(() => card.locator('img').getAttribute('src')).not.toBe(oldSrc);
    const replaced = (await garments()).find((g) => g.guid === before?.guid);
    expect(replaced?.g).toBe(before?.g);
    expect(replaced?.width).toBe(600);
    expect(await card.getAttribute('data-code')).toBe(before?.g);
    // The permanent QR link of the code still leads to the try-on page.
    const link = await fetch(`${server.origin}/v1/link/${suid}/garment/${before?.g}`, { redirect: 'manual' });
    expect(link.status).toBe(302);
  });

  it("opens an item's detail panel with its code and try-ons", async () => {
    await catalog().openDetail('Mike slim jeans');
    const detail = catalog().detail();
    const code = (await garments()).find((g) => g.name === 'Mike slim jeans')?.g ?? '';
    await detail.getByText(code, { exact: true }).waitFor();
    await detail.getByText('Try-ons with it').waitFor();
    await detail.getByText('None yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot('item-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });

  it('selects several items and sets their category, then deletes them after asking', async () => {
    await catalog().select('Alpha coat');
    await catalog().select('Zulu scarf');
    await catalog().bulkBar().getByText('Selected: 2').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot('bulk-bar');
    await catalog().bulkBar().getByLabel('New category').fill('Sale');
    await catalog().bulkBar().getByRole('button', { name: 'Set category' }).click();
    await new AppShell(page).toast('Done: 2').waitFor();
    await expect
      .poll(async () =>
        (await garments())
          .filter((g) => g.category === 'sale')
          .map((g) => g.name)
          .sort(),
      )
      .toEqual(['Alpha coat', 'Zulu scarf']);
    expect(await catalog().bulkBar().count()).toBe(0);

    await catalog().select('Alpha coat');
    await catalog().select('Zulu scarf');
    await catalog().bulkBar().getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the selected items?' });
    await confirm.getByText(/Selected: 2/).waitFor();
    await confirm.getByRole('button', { name: 'Delete selected' }).click();
    await expect.poll(() => catalog().count().innerText()).toBe('Items: 2');
    expect((await garments()).map((g) => g.name).sort()).toEqual(['Mike slim jeans', 'Sample T-shirt']);
    await shoot('garments');
  });

  it('speaks Russian and Polish on the new controls', async () => {
    const shell = new AppShell(page);
    await shell.chooseLanguage('ru');
    await catalog().sortBox('Сортировка').waitFor();
    await page.getByRole('checkbox', { name: 'Выбрать Sample T-shirt' }).waitFor();
    await shell.chooseLanguage('pl');
    await catalog().sortBox('Sortuj').waitFor();
    await page.getByText('Razem: 2').waitFor();
    await shell.chooseLanguage('en');
  });

  it("shows an admin one shop's settings, limits, keys, counts and statistics, linked from Shops", async () => {
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await new LoginPage(admin).signIn(server.origin, server.dataDir, ADMIN_EMAIL);
    await admin.goto(`${server.origin}/shops`);
    await admin
      .getByRole('link', { name: /Details of/ })
      .first()
      .waitFor();
    await admin
      .getByTestId('shop-row')
      .filter({ has: admin.locator(`input[value="${OWNER}"]`) })
      .getByTestId('shop-detail-link')
      .click();
    await admin.waitForURL(`${server.origin}/shops/${suid}`);
    const detail = admin.getByTestId('shop-detail');
    await detail.waitFor();
    await detail.getByText(OWNER).waitFor();
    await detail.getByText('EUR').waitFor();
    expect(await detail.getByTestId('detail-keys').innerText()).toBe('1 public, 1 private; 2 working');
    await detail.getByText('Garments', { exact: true }).waitFor();
    await detail.getByText('Unique clients').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('link', { name: 'All its try-ons' }).click();
    await admin.waitForURL(`${server.origin}/tryons?shop=${suid}`);
    await admin.goBack();
    await detail.waitFor();
    if (SHOTS) {
      for (const width of [1280, 375]) {
        await admin.setViewportSize({ width, height: 900 });
        await admin.waitForTimeout(250);
        await admin.screenshot({ path: path.join(SHOTS, `shop-detail-${width}.png`), fullPage: true });
        expect(await seriousViolations(admin)).toEqual([]);
      }
    }
    await admin.close();
  });
});
