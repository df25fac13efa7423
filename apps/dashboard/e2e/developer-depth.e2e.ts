import { readFileSync } from 'node:fs';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { finishedRender } from '../../server/test/render-row.ts';
import { AppShell } from './pages/app-shell.ts';
import { KeysPage } from './pages/keys-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { ADMIN_EMAIL, startDashboardServer } from './support/dashboard-server.ts';

const OWNER = 'depth-owner@e2e.test';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';

/**
 * Issue 15's depth for developers and owners, in Chromium against the real server: named keys with "last used",
 * rolling with a grace period, the audit log, statistics that compare periods, and dark mode.
 */
describe('dashboard: keys, audit log, statistics insights, dark mode', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let sessionKey: string;
  /** The administrator's session, kept for later tests (a second sign-in within 90 s mails no new code). */
  let adminKey: string;

  beforeAll(async () => {
    ensureDashboardBuilt();
    [server, browser] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    page = await context.newPage();
    await new LoginPage(page).signIn(server.origin, server.dataDir, OWNER);
    sessionKey = (await page.evaluate(() => localStorage.getItem('privateApiKey'))) ?? '';
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const status = async (apiKey: string) =>
    (await fetch(`${server.origin}/v1/user`, { headers: { tokenapi: apiKey } })).status;
  const shoot = async (p: Page, name: string) => {
    for (const width of [1280, 375]) {
      await p.setViewportSize({ width, height: width === 375 ? 800 : 860 });
      // Tables stack by a media query after the resize: a violation that stays past a few seconds is real.
      await expect.poll(() => seriousViolations(p), { timeout: 5000 }).toEqual([]);
      await p.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await p.setViewportSize({ width: 1280, height: 860 });
  };

  it('names a key at creation, renames it, and shows when it was last used', async () => {
    const keys = new KeysPage(page);
    await keys.goto(server.origin);
    await keys.createPrivate('Backend');
    await expect.poll(() => keys.privateRows().count()).toBe(2);
    expect(await keys.name('private', 1).inputValue()).toBe('Backend');
    await keys.name('private', 1).fill('ERP sync');
    await new AppShell(page).toast('Key updated.').waitFor();
    await page.reload();
    await expect.poll(() => keys.name('private', 1).inputValue()).toBe('ERP sync');
    expect(await keys.privateRows().nth(1).getByTestId('key-last-used').innerText()).toBe('Never');

    const account = await fetch(`${server.origin}/v1/user/account`, { headers: { tokenapi: sessionKey } });
    const apiKey = (
      (await account.json()) as { activeApiKeys: { private: { apiKey: string; name: string }[] } }
    ).activeApiKeys.private.find((k) => k.name === 'ERP sync')?.apiKey;
    expect(apiKey).toMatch(/^sk_/);
    expect(await status(apiKey ?? '')).toBe(200);
    await server.runtime.services.keyUsage.flush();
    await page.reload();
    await expect
      .poll(() => keys.privateRows().nth(1).getByTestId('key-last-used').innerText())
      .not.toBe('Never');
  });

  it('rolls a key: the new one is shown with a copy button, the old one works until its grace ends', async () => {
    const keys = new KeysPage(page);
    const account = await fetch(`${server.origin}/v1/user/account`, { headers: { tokenapi: sessionKey } });
    const old =
      (
        (await account.json()) as { activeApiKeys: { private: { apiKey: string; name: string }[] } }
      ).activeApiKeys.private.find((k) => k.name === 'ERP sync')?.apiKey ?? '';
    const fresh = await keys.roll('private', 1, '24 hours');
    expect(fresh).toMatch(/^sk_/);
    expect(fresh).not.toBe(old);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Copy the key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh);
    // axe is run on the list once the dialog is closed: under the dialog's overlay every colour is dimmed.
    await page.screenshot({ path: `${SHOTS}/keys-rolled-dialog.png` });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => keys.privateRows().count()).toBe(3);
    const expiring = page.getByTestId('key-expires');
    expect(await expiring.innerText()).toMatch(/^Stops working /);
    expect(await status(old)).toBe(200);
    expect(await status(fresh)).toBe(200);
    // The old row offers no second roll.
    const oldRow = keys.privateRows().filter({ has: expiring });
    expect(await oldRow.getByTestId('roll-key').count()).toBe(0);
    await shoot(page, 'keys');
  });

  it("lists the shop's changes in its audit log", async () => {
    await new AppShell(page).open('Audit log');
    const entries = page.getByTestId('audit-entry');
    await entries.first().waitFor();
    const actions = await entries.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions.slice(0, 3)).toEqual(['key.roll', 'key.update', 'key.create']);
    expect(await entries.first().innerText()).toContain(OWNER);
    expect(await entries.first().innerText()).toContain('Key rolled');
    expect(await page.getByTestId('shop-filter').count()).toBe(0);
    await shoot(page, 'audit-owner');
  });

  it('shows administrators every shop, one shop by the picker, paged by 25', async () => {
    // 26 renames: more than a page of entries for the owner's shop.
    const account = await fetch(`${server.origin}/v1/user/account`, { headers: { tokenapi: sessionKey } });
    const key = ((await account.json()) as { activeApiKeys: { public: { apiKey: string }[] } }).activeApiKeys
      .public[0]?.apiKey;
    for (let i = 0; i < 26; i++) {
      const url = `${server.origin}/v1/user/key/update?key=${key}&name=widget-${i}`;
      expect((await fetch(url, { method: 'POST', headers: { tokenapi: sessionKey } })).status).toBe(200);
    }
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const admin = await adminContext.newPage();
    await new LoginPage(admin).signIn(server.origin, server.dataDir, ADMIN_EMAIL);
    adminKey = (await admin.evaluate(() => localStorage.getItem('privateApiKey'))) ?? '';
    await new AppShell(admin).open('Audit log');
    await admin.getByTestId('audit-entry').first().waitFor();
    expect(await admin.getByRole('columnheader', { name: 'Shop' }).count()).toBe(1);
    await admin.getByTestId('shop-filter').click();
    await admin.getByRole('option', { name: new RegExp(OWNER) }).click();
    await expect.poll(() => admin.getByTestId('audit-entry').first().innerText()).toContain('widget-25');
    expect(await admin.getByTestId('audit-entry').count()).toBe(25);
    await admin.getByRole('button', { name: 'Older' }).click();
    await expect.poll(() => admin.getByTestId('audit-page').innerText()).toBe('Page 2');
    await expect.poll(() => admin.getByTestId('audit-entry').count()).toBeLessThan(25);
    expect(await admin.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await shoot(admin, 'audit-admin');
    await adminContext.close();
  });

  it('compares the period with the one before, lists top items and failed renders', async () => {
    const db = server.runtime.db.db;
    const suid = (
      (await (await fetch(`${server.origin}/v1/user`, { headers: { tokenapi: sessionKey } })).json()) as {
        suid: string;
      }
    ).suid;
    const now = Date.now();
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const events = [
      ...Array.from({ length: 6 }, (_, i) => ({ kind: 'tryon', client: `c${i}`, at: now })),
      ...Array.from({ length: 4 }, (_, i) => ({ kind: 'client', client: `c${i}`, at: now })),
      ...Array.from({ length: 2 }, (_, i) => ({ kind: 'tryon', client: `p${i}`, at: now - 9 * 86_400_000 })),
    ];
    await db
      .insertInto('events')
      .values(
        events.map((e) => ({
          shop_suid: suid,
          kind: e.kind,
          client_id: e.client,
          day: day(e.at),
          created_at: e.at,
        })),
      )
      .execute();
    const item = {
      kind: 'garment' as const,
      shop_suid: suid,
      description: '',
      url: '',
      category: '',
      price: '',
      sku: null,
      source_url: null,
      image_key: 'none',
      image_width: 512,
      image_height: 512,
      likes: 0,
      tryons: 0,
      created_via: 'private',
      created_at: now,
    };
    await db
      .insertInto('catalog_items')
      .values([
        {
          ...item,
          id: 'gar_e2e_linen',
          code: 'e2eln1',
          name: 'Linen tee',
          product_key: 'a',
          search_text: 'linen tee',
        },
        {
          ...item,
          id: 'gar_e2e_denim',
          code: 'e2edn1',
          name: 'Denim jacket',
          product_key: 'b',
          search_text: 'denim jacket',
        },
      ])
      .execute();
    const render = (id: string, status: 'done' | 'failed', garment: string, error: string | null) =>
      finishedRender({ id, shop_suid: suid }, now, {
        client_id: 'c1',
        garment_id: garment,
        status,
        error_code: error,
      });
    await db
      .insertInto('renders')
      .values([
        render('try_e2e_1', 'done', 'gar_e2e_linen', null),
        render('try_e2e_2', 'done', 'gar_e2e_linen', null),
        render('try_e2e_3', 'done', 'gar_e2e_denim', null),
        render('try_e2e_4', 'failed', 'gar_e2e_denim', 'NO_PERSON'),
      ])
      .execute();

    await new AppShell(page).open('Statistics');
    await page.getByTestId('total-tryons').waitFor();
    expect(await page.getByTestId('total-tryons').innerText()).toBe('6');
    expect(await page.getByTestId('total-tryons-delta').innerText()).toContain('+200%');
    expect(await page.getByTestId('total-tryons-delta').innerText()).toContain('(was 2)');
    expect(await page.getByTestId('total-failed').innerText()).toBe('1');
    const top = page.getByTestId('top-garments').getByTestId('top-item');
    expect(await top.allInnerTexts()).toEqual([
      expect.stringMatching(/Linen tee\s+2\s+0/),
      expect.stringMatching(/Denim jacket\s+1\s+0/),
    ]);
    const failed = page.getByTestId('failed-render');
    expect(await failed.count()).toBe(1);
    expect(await failed.innerText()).toContain('NO_PERSON');
    await shoot(page, 'statistics');
  });

  const period = (days: number) => {
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    return `${day(days - 1)}-to-${day(0)}`;
  };
  const downloadCsv = async (p: Page, item: string) => {
    await p.getByRole('button', { name: 'Download CSV' }).click();
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('menuitem', { name: item }).click(),
    ]);
    return {
      name: download.suggestedFilename(),
      lines: readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\r\n'),
    };
  };

  it('exports the insights as CSV: totals against the period before, top items, failed renders', async () => {
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await page.getByRole('menu').waitFor();
    // The open menu is checked too (Mantine's focus placeholder inside role="menu" failed axe).
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    const { name, lines } = await downloadCsv(page, 'Top items and failed renders');
    expect(name).toBe(`statistics-insights-${period(7)}.csv`);
    expect(lines[0]).toBe(
      'section,metric,current,previous,rank,id,code,name,tryons,likes,kind,error_code,created',
    );
    expect(lines).toContain('period,tryon,6,2,,,,,,,,,');
    expect(lines).toContain('period,failed,1,0,,,,,,,,,');
    expect(lines).toContain('top_garments,,,,1,gar_e2e_linen,e2eln1,Linen tee,2,0,,,');
    expect(lines).toContain('top_garments,,,,2,gar_e2e_denim,e2edn1,Denim jacket,1,0,,,');
    expect(
      lines.filter((l) => l.startsWith('failed_renders,,,,,try_e2e_4,,,,,tryon,NO_PERSON,')),
    ).toHaveLength(1);
    // The period chosen is the period exported.
    await page.getByText('30 days', { exact: true }).click();
    // The 30 days hold the try-ons of 9 days ago too.
    await expect.poll(() => page.getByTestId('total-tryons').innerText()).toBe('8');
    expect((await downloadCsv(page, 'Daily figures')).name).toBe(`statistics-daily-${period(30)}.csv`);
    expect((await downloadCsv(page, 'Top items and failed renders')).name).toBe(
      `statistics-insights-${period(30)}.csv`,
    );
  });

  it("opens a shop's statistics from an admin's shop detail with that shop picked, kept on reload", async () => {
    const suid = (
      (await (await fetch(`${server.origin}/v1/user`, { headers: { tokenapi: sessionKey } })).json()) as {
        suid: string;
      }
    ).suid;
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await adminContext.addInitScript((key) => localStorage.setItem('privateApiKey', key), adminKey);
    const admin = await adminContext.newPage();
    await admin.goto(`${server.origin}/shops/${suid}`);
    await admin.getByRole('link', { name: 'Its statistics' }).click();
    await admin.waitForURL(`${server.origin}/statistics?shop=${suid}`);
    const picker = admin.getByTestId('shop-filter');
    await expect.poll(() => picker.inputValue()).toContain(OWNER);
    // The owner's figures, not the admin's own shop's.
    await expect.poll(() => admin.getByTestId('total-tryons').innerText()).toBe('6');
    await admin.reload();
    await expect.poll(() => picker.inputValue()).toContain(OWNER);
    await expect.poll(() => admin.getByTestId('total-tryons').innerText()).toBe('6');
    const { lines } = await downloadCsv(admin, 'Top items and failed renders');
    expect(lines).toContain('top_garments,,,,1,gar_e2e_linen,e2eln1,Linen tee,2,0,,,');
    // Back to the admin's own shop: the address loses the parameter and the figures are the admin's.
    await picker.click();
    await admin.getByRole('option', { name: 'My shop' }).click();
    await admin.waitForURL(`${server.origin}/statistics`);
    await expect.poll(() => admin.getByTestId('total-tryons').innerText()).toBe('0');
    expect(await seriousViolations(admin)).toEqual([]);
    await adminContext.close();
  });

  it('follows the system colour scheme, with a manual switch that is kept, axe clean in both', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: 'dark' });
    const p = await dark.newPage();
    await p.goto(`${server.origin}/login`);
    await expect
      .poll(() => p.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    expect(await seriousViolations(p)).toEqual([]);
    await p.evaluate((key) => localStorage.setItem('privateApiKey', key), sessionKey);
    for (const screen of ['keys', 'statistics', 'audit', 'shop']) {
      await p.goto(`${server.origin}/${screen}`);
      await p.getByRole('heading', { level: 1 }).waitFor();
      await p.waitForLoadState('networkidle');
      await shoot(p, `dark-${screen}`);
    }
    await p.getByTestId('color-scheme').click();
    await p.getByTestId('color-scheme-light').click();
    await expect
      .poll(() => p.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('light');
    await p.reload();
    await p.getByRole('heading', { level: 1 }).waitFor();
    expect(await p.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
    expect(await p.getByTestId('color-scheme').getAttribute('aria-label')).toBe('Colour scheme: Light');
    expect(await seriousViolations(p)).toEqual([]);
    await p.getByTestId('color-scheme').click();
    await p.getByTestId('color-scheme-auto').click();
    await expect
      .poll(() => p.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    await dark.close();
  });
});
