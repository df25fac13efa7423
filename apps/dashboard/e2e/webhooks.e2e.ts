import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { startReceiver, verifyWebhook, type WebhookReceiver } from '../../server/test/webhook-receiver.ts';
import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { startDashboardServer } from './support/dashboard-server.ts';

const OWNER = 'hooks@e2e.test';

/** The Webhooks screen in Chromium against the real server, delivering to a real receiver on 127.0.0.1. */
describe('webhooks screen end to end', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;
  let hooks: WebhooksPage;

  beforeAll(async () => {
    ensureDashboardBuilt();
    [server, browser, receiver] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
      startReceiver(),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    page = await context.newPage();
    await new LoginPage(page).signIn(server.origin, server.dataDir, OWNER);
    hooks = new WebhooksPage(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await receiver?.close();
    await server?.close();
  });

  const url = () => receiver.url('/hooks');
  const seconds = () => Date.now() / 1000;

  it('adds an endpoint from the menu, shows its secret once with a copy button, and lists it', async () => {
    await new AppShell(page).open('Webhooks');
    await page.getByText('No endpoints yet.').waitFor();
    const secret = await hooks.add(url(), ['tryon.completed', 'look.completed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await hooks.rows().first().waitFor();
    expect(await hooks.rows().first().innerText()).toContain('look.completed');
    expect(await page.getByText(secret).count()).toBe(0);
    await page.reload();
    await hooks.rows().first().waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await seriousViolations(page)).toEqual([]);

    // The test event reaches the receiver, signed with that secret, and the log shows it delivered.
    await hooks.openLog(0);
    await page.getByText('No deliveries yet. Send a test event to try the endpoint.').waitFor();
    await hooks.sendTest();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const [hit] = receiver.received;
    expect(JSON.parse(hit?.body ?? '{}').type).toBe('webhook.test');
    expect(verifyWebhook(String(hit?.headers['tryon-signature']), hit?.body ?? '', secret, seconds())).toBe(
      true,
    );
    const row = hooks.deliveryRows().first();
    await row.getByText('Delivered').waitFor({ timeout: 10_000 });
    expect(await row.innerText()).toContain('200');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a failed attempt with its status and answer, and resends it', async () => {
    receiver.answer(500, 'receiver is down');
    await hooks.sendTest();
    await hooks.deliveryRows().nth(1).waitFor();
    const failing = hooks.deliveryRows().first();
    await failing.getByText('receiver is down').waitFor({ timeout: 10_000 });
    expect(await failing.innerText()).toContain('500');
    expect(await failing.innerText()).toContain('Pending');
    receiver.answer(200, 'ok again');
    await hooks.resend(0);
    await expect.poll(() => hooks.deliveryRows().count(), { timeout: 10_000 }).toBe(3);
    await hooks.deliveryRows().first().getByText('Delivered').waitFor({ timeout: 10_000 });
    const ids = receiver.received.slice(-2).map((x) => x.headers['tryon-event-id']);
    expect(ids[0]).toBe(ids[1]);
    await page.screenshot({ path: '/tmp/webhooks-screen.png', fullPage: true });
  });

  it('rolls the secret, disables and enables, and deletes the endpoint', async () => {
    const before = receiver.received.length;
    const rolled = await hooks.roll(url());
    expect(rolled).toMatch(/^whsec_/);
    await hooks.sendTest();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(before + 1);
    const hit = receiver.received.at(-1);
    expect(verifyWebhook(String(hit?.headers['tryon-signature']), hit?.body ?? '', rolled, seconds())).toBe(
      true,
    );

    const toggle = hooks.enabledSwitch(url());
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await new AppShell(page).toast('Endpoint updated.').waitFor();
    await page.reload();
    await hooks.rows().first().waitFor();
    expect(await hooks.enabledSwitch(url()).isChecked()).toBe(false);

    await hooks.delete(url());
    await page.getByText('No endpoints yet.').waitFor();
  });

  it('makes the one-off webhook_url secret, shown once, and a new one replaces it', async () => {
    const stored = async () => {
      const rows = await server.runtime.db.db
        .selectFrom('webhook_shop_secrets')
        .select('secret_enc')
        .execute();
      return rows.map((row) => server.runtime.services.secrets.decrypt(row.secret_enc));
    };
    const first = await hooks.newOneOffSecret();
    expect(first).toMatch(/^whsec_/);
    expect(await stored()).toEqual([first]);
    const second = await hooks.newOneOffSecret();
    expect(second).not.toBe(first);
    expect(await stored()).toEqual([second]);
  });

  it('speaks Russian and Polish on the same screen', async () => {
    const shell = new AppShell(page);
    await shell.chooseLanguage('ru');
    await page.getByRole('heading', { name: 'Вебхуки' }).waitFor();
    await page.getByRole('button', { name: 'Добавить адрес' }).waitFor();
    await shell.chooseLanguage('pl');
    await page.getByRole('heading', { name: 'Webhooki' }).waitFor();
    await shell.chooseLanguage('en');
  });
});
