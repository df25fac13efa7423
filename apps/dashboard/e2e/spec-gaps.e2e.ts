import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { AppShell } from './pages/app-shell.ts';
import { CatalogPage } from './pages/catalog-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { RendersPage } from './pages/renders-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { ADMIN_EMAIL, startDashboardServer } from './support/dashboard-server.ts';
import { RENDERS_TIMEOUT, seedRenders } from './support/renders.ts';
import { seedGarments } from './support/seed-catalog.ts';

const OWNER = 'gaps-owner@e2e.test';

/** Distinct column positions of the cards the grid shows. */
const columnsOf = (page: Page) =>
  page
    .getByTestId('item-card')
    .evaluateAll((cards) => new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left))).size);

/** Issue 15's "where it misses the spec" and the bugs, as a shop owner and an admin see them in Chromium. */
describe('dashboard: the spec gaps of issue 15', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let ownerKey: string;

  beforeAll(async () => {
    ensureDashboardBuilt();
    [server, browser] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await new LoginPage(page).signIn(server.origin, server.dataDir, OWNER);
    ownerKey = (await page.evaluate(() => localStorage.getItem('privateApiKey'))) ?? '';
    await seedGarments(server.origin, ownerKey, 8);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lays the garments out in 2 / 3 / 4 / 5 / 6 / 7 columns at windows of 360 to 1360 px (spec §2)', async () => {
    const garments = new CatalogPage(page);
    await garments.goto(server.origin, 'garments');
    await expect.poll(() => garments.cards().count()).toBe(8);
    const found: number[] = [];
    const expected = [2, 3, 4, 5, 6, 7];
    for (const [i, width] of [360, 560, 760, 910, 1160, 1360].entries()) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.getByTestId('item-card').first().isVisible()).toBe(true);
      // The grid takes the new width over a few frames (more on a busy machine), so the count is read until it
      // is the spec's (10 s at most) rather than once after a fixed 150 ms; a count that stays wrong still fails.
      let columns = 0;
      await expect
        .poll(async () => {
          columns = await columnsOf(page);
          return columns;
        })
        .toBe(expected[i])
        .catch(() => undefined);
      found.push(columns);
    }
    console.log(`e2e: masonry columns at 360..1360 px: ${found.join(' / ')}`);
    expect(found).toEqual(expected);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('makes search a combobox: trousers to coat suggested, arrows choose, Tab moves on and keeps focus', async () => {
    const search = new CatalogPage(page).search();
    await search.focus();
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const options = await list.getByRole('option').allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(['Trousers', 'Shorts', 'Skirt', 'Coat']));
    await page.keyboard.press('ArrowDown');
    expect(await search.getAttribute('aria-activedescendant')).toBe(
      await list.getByRole('option').first().getAttribute('id'),
    );
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.waitForTimeout(400);
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(focused).toMatch(/Favorites/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sets the shop site and logo; a bad address gets an inline error and is not saved', async () => {
    await page.goto(`${server.origin}/shop`);
    const site = page.getByLabel('Shop website');
    await site.fill('shop.example.com');
    await site.blur();
    await page.getByText('Enter an address starting with http:// or https://').first().waitFor();
    await site.fill('https://shop.example.com');
    await site.blur();
    await new AppShell(page).toast('Shop information updated successfully!').waitFor();
    await page.getByLabel('Logo address').fill(`${server.origin}/favicon.svg`);
    await page.getByTestId('shop-logo').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Shop website').inputValue()).toBe('https://shop.example.com');

    await new CatalogPage(page).goto(server.origin, 'garments');
    const link = page.getByRole('link', { name: 'Your product pages' });
    expect(await link.getAttribute('href')).toBe('https://shop.example.com');
  });

  it("shows an admin every shop's try-ons with a shop filter, and the garment in a dialog", {
    timeout: RENDERS_TIMEOUT,
  }, async () => {
    const { tuid } = await seedRenders(server.origin, ownerKey);
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const admin = await context.newPage();
    await new LoginPage(admin).signIn(server.origin, server.dataDir, ADMIN_EMAIL);
    await new AppShell(admin).open('Try-ons');
    const renders = new RendersPage(admin);
    await expect.poll(() => renders.tryonCards().count()).toBe(1);
    expect(await renders.tryonCards().innerText()).toMatch(/^gaps-owner · /);

    await renders.menuItem('Try-ons', tuid, 'View garment');
    const dialog = admin.getByRole('dialog', { name: 'Garment' });
    const image = dialog.getByRole('img', { name: 'Garment' });
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(admin.url()).toBe(`${server.origin}/tryons`);
    // A toast appearing while axe reads the page is caught mid-fade (low contrast): a finding that stays is real.
    await expect.poll(() => seriousViolations(admin), { timeout: 5_000 }).toEqual([]);
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await renders.chooseShop(new RegExp(ADMIN_EMAIL));
    await admin.getByText('No try-ons yet.').waitFor();
    expect(admin.url()).toMatch(/\?shop=s_/);
    await renders.chooseShop('All shops');
    await expect.poll(() => renders.tryonCards().count()).toBe(1);
    await new AppShell(admin).open('Looks');
    await expect.poll(() => renders.lookCards().count()).toBe(1);

    // Statistics: the admin's own shop first, any shop from the picker.
    await new AppShell(admin).open('Statistics');
    await admin.getByTestId('total-actions').waitFor();
    const owner = (await (
      await fetch(`${server.origin}/v1/user/account`, { headers: { tokenapi: ownerKey } })
    ).json()) as { suid: string };
    const asked = admin.waitForResponse((r) =>
      r.url().includes(`/v1/user/stats?days=7&shop_uid=${owner.suid}`),
    );
    await renders.chooseShop(/gaps-owner/);
    expect((await asked).status()).toBe(200);
    await admin.getByTestId('total-actions').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await context.close();
  });

  it('turns an empty catalogue into next steps: add, import, embed, keys', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const fresh = await context.newPage();
    await new LoginPage(fresh).signIn(server.origin, server.dataDir, 'gaps-new@e2e.test');
    const garments = new CatalogPage(fresh);
    await garments.goto(server.origin, 'garments');
    const onboarding = fresh.getByTestId('catalog-onboarding');
    await onboarding.getByRole('heading', { name: 'Add your first garment' }).waitFor();
    const guide = onboarding.getByRole('link', { name: 'how to' });
    expect(await guide.getAttribute('href')).toBe('/w/guide/tryon-widget');
    expect(await seriousViolations(fresh)).toEqual([]);
    await onboarding.getByRole('button', { name: 'Add a garment' }).click();
    await fresh.getByRole('button', { name: 'Upload' }).waitFor();
    await garments.search().fill('nothing like this');
    await fresh.getByText('Nothing matches this search.').waitFor();
    expect(await onboarding.count()).toBe(0);
    await context.close();
  });

  it('ends a revoked session at /login on the next call, with nothing cached left', async () => {
    await page.goto(`${server.origin}/keys`);
    await page.getByTestId('masked-key').first().waitFor();
    const revoked = await fetch(`${server.origin}/v1/user/logout`, {
      method: 'POST',
      headers: { tokenapi: ownerKey },
    });
    expect(revoked.status).toBe(200);
    await new AppShell(page).open('Garments');
    await page.waitForURL(`${server.origin}/login`);
    expect(await page.evaluate(() => localStorage.getItem('privateApiKey'))).toBeNull();
    await page.goBack();
    await page.waitForURL(`${server.origin}/login`);
    expect(await page.getByTestId('masked-key').count()).toBe(0);
  });
});
