import { gzipSync } from 'node:zlib';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import type { E2eServer } from '../../server/test/e2e-server.ts';
import { readCodeFromOutbox } from '../../server/test/read-code-from-outbox.ts';
import { LOGIN_JS_BUDGET_BYTES } from '../scripts/login-bundle-size.ts';
import { AppShell } from './pages/app-shell.ts';
import { CatalogPage } from './pages/catalog-page.ts';
import { KeysPage } from './pages/keys-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ShopPage } from './pages/shop-page.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { ADMIN_EMAIL, startDashboardServer } from './support/dashboard-server.ts';
import { makeImage, startImageHost } from './support/images.ts';
import { RENDERS_TIMEOUT, seedRenders } from './support/renders.ts';

const OWNER = 'owner@e2e.test';

/**
 * The dashboard in Chromium against the real server (built app, real API, real outbox). The tests run in order
 * and share one server, one browser and the owner's signed-in page, as a shop owner's session would.
 */
describe('dashboard end to end', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let images: Awaited<ReturnType<typeof startImageHost>>;
  let garmentPhoto: Buffer;
  let modelPhoto: Buffer;

  beforeAll(async () => {
    ensureDashboardBuilt();
    [server, browser, garmentPhoto, modelPhoto] = await Promise.all([
      startDashboardServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
      makeImage(512, 512, '#d6336c'),
      samplePhoto('standing', 800, 1000),
    ]);
    images = await startImageHost({ 'jacket.jpg': await makeImage(600, 600, '#2f9e44') });
    context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await images?.close();
    await server?.close();
  });

  it('shows the login screen with at most 150 KB of gzipped JavaScript and no serious a11y problems', async () => {
    const scripts: Promise<number>[] = [];
    const urls: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      urls.push(response.url().replace(server.origin, ''));
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await new LoginPage(page).goto(server.origin);
    page.removeAllListeners('response');
    const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    console.log(
      `e2e: /login loaded ${(bytes / 1024).toFixed(1)} KB of gzipped JavaScript in ${urls.length} files`,
    );
    if (bytes > LOGIN_JS_BUDGET_BYTES) console.log(urls.join('\n'));
    expect(bytes).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sends protected paths to /login while signed out', async () => {
    await page.goto(`${server.origin}/garments`);
    await page.waitForURL(`${server.origin}/login`);
  });

  it('signs in with the e-mailed code; a wrong code clears the boxes first', async () => {
    const login = new LoginPage(page);
    await login.goto(server.origin);
    await login.requestCode(OWNER);
    const code = readCodeFromOutbox(server.dataDir, OWNER);
    await login.typeCode(code === '0000' ? '1111' : '0000');
    await expect.poll(() => login.digit(1).inputValue()).toBe('');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Digit 1 of 4');
    await login.typeCode(code);
    await page.waitForURL(`${server.origin}/shop`);
    expect(await page.evaluate(() => localStorage.getItem('privateApiKey'))).toMatch(/^ss_/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps shop edits across a reload', async () => {
    const shop = new ShopPage(page);
    await shop.goto(server.origin);
    expect(await shop.suid().innerText()).toMatch(/^s_/);
    await shop.name().fill('Blue Jeans Store');
    await new AppShell(page).toast('Shop information updated successfully!').waitFor();
    await shop.dailyTryons().fill('120');
    await shop.dailyTryons().blur();
    await expect
      .poll(() => page.getByText('Shop information updated successfully!').count())
      .toBeGreaterThan(1);
    await shop.currency().fill('pl');
    await page.getByText('Enter a three-letter code such as EUR, or leave it empty').waitFor();
    await shop.currency().fill('eur');
    await shop.currency().blur();
    const savedCurrency = () =>
      page.evaluate(async () => {
        const key = localStorage.getItem('privateApiKey') ?? '';
        const profile = (await (await fetch('/v1/user', { headers: { tokenapi: key } })).json()) as {
          currency: string;
        };
        return profile.currency;
      });
    await expect.poll(savedCurrency).toBe('EUR');
    await page.reload();
    await expect.poll(() => shop.name().inputValue()).toBe('Blue Jeans Store');
    expect(await shop.dailyTryons().inputValue()).toBe('120');
    expect(await shop.currency().inputValue()).toBe('EUR');
  });

  it('uploads garments by file and by URL, searches, filters, edits, downloads a QR code and deletes', async () => {
    const garments = new CatalogPage(page);
    await garments.goto(server.origin, 'garments');
    await garments.uploadFile(
      { name: 'shirt.jpg', buffer: garmentPhoto },
      { name: 'Pink shirt', description: 'Cotton shirt', category: 't-shirt' },
    );
    await garments.card('Pink shirt').waitFor();
    await garments.addByUrl(images.url('jacket.jpg'), { name: 'Green jacket', category: 'jacket' });
    await garments.card('Green jacket').waitFor();
    expect(await garments.cards().count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await garments.search().fill('jacket');
    await expect.poll(() => garments.cards().count(), { timeout: 5000 }).toBe(1);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => garments.cards().count()).toBe(2);
    await page
      .getByRole('group', { name: 'Filters' })
      .getByRole('button', { name: /Popular/ })
      .click();
    expect(await garments.search().inputValue()).toBe('🔥');
    await expect.poll(() => garments.cards().count()).toBe(2);
    await page
      .getByRole('group', { name: 'Filters' })
      .getByRole('button', { name: /Popular/ })
      .click();

    await garments.edit('Pink shirt', { description: 'Soft organic cotton' });
    await garments.card('Pink shirt').getByText('Soft organic cotton').waitFor();

    const code = await garments.card('Pink shirt').getAttribute('data-code');
    const download = await garments.downloadQr('Pink shirt');
    expect(download.suggestedFilename()).toBe(`${code}.png`);

    expect(await garments.askDelete('Green jacket')).toContain('“Green jacket”');
    await garments.confirmDelete();
    await expect.poll(() => garments.cards().count()).toBe(1);
    await page.reload();
    await garments.card('Pink shirt').waitFor();
    expect(await garments.cards().count()).toBe(1);
  });

  it('uploads a model on the face swap screen', async () => {
    const models = new CatalogPage(page);
    await models.goto(server.origin, 'models');
    await models.uploadFile({ name: 'model.jpg', buffer: modelPhoto }, { name: 'Studio model' });
    await models.card('Studio model').waitFor();
  });

  it('refuses a model photo without a person or too small, saying why in en, ru and pl', async () => {
    const models = new CatalogPage(page);
    const shell = new AppShell(page);
    const nobody = await makeImage(800, 1000, '#1c7ed6');
    const small = await makeImage(500, 600, '#1c7ed6');
    const minimum = {
      en: 'at least 768×768 px (this one is 500×600 px)',
      ru: 'не меньше 768×768 пикселей (у этого 500×600)',
      pl: 'co najmniej 768×768 px (to ma 500×600 px)',
    } as const;
    const texts = {
      en: 'No person was found in the photo. Please use a photo of one person.',
      ru: 'На фото не найден человек. Используйте фото одного человека.',
      pl: 'Na zdjęciu nie znaleziono osoby. Użyj zdjęcia jednej osoby.',
    } as const;
    try {
      for (const lang of ['ru', 'pl', 'en'] as const) {
        await models.goto(server.origin, 'models');
        await shell.chooseLanguage(lang);
        // The list loads after the heading: count once the model added above is shown, not before.
        await models.card('Studio model').waitFor();
        const before = await models.cards().count();
        const answer = page.waitForResponse((r) => r.url().includes('/v1/model/add'), { timeout: 60_000 });
        await models.uploadFileByForm({ name: 'wall.jpg', buffer: nobody });
        expect(await (await answer).json()).toMatchObject({ errorCodeStr: 'NO_PERSON' });
        await shell.toast(texts[lang]).waitFor();
        await models.uploadFileByForm({ name: 'small.jpg', buffer: small });
        await shell.toast(minimum[lang]).waitFor();
        expect(await models.cards().count()).toBe(before);
      }
    } finally {
      // The tests after this one read the screens in English: a failure here must not fail them too.
      await shell.chooseLanguage('en');
    }
  });

  it('creates, edits, reveals and deletes keys', async () => {
    const keys = new KeysPage(page);
    await keys.goto(server.origin);
    expect(await keys.publicRows().count()).toBe(1);
    await keys.createPublic();
    await expect.poll(() => keys.publicRows().count()).toBe(2);
    await keys.domains(1).fill('shop.com, *.shop.com');
    await new AppShell(page).toast('Key updated.').waitFor();
    await page.reload();
    await expect.poll(() => keys.domains(1).inputValue()).toBe('shop.com,*.shop.com');

    expect(await keys.setStatus('public', 1, 'Inactive')).toContain('stop working at once');
    await expect.poll(() => keys.domains(1).isDisabled()).toBe(true);

    const masked = keys.privateRows().first().getByTestId('masked-key');
    expect(await masked.innerText()).toMatch(/^sk_.•+$/);
    await masked.click();
    const privateKey = await masked.innerText();
    expect(privateKey).toMatch(/^sk_[\w-]{20,}$/);
    const command = `curl -X POST "${server.origin}/v1/tryon/simple" -H "tokenapi: ${privateKey}" -F person_file=@person.jpg -F garment_file=@garment.jpg -o tryon.jpg`;
    // Masked like the table, and it says that running it costs balance; the switch shows the working command.
    expect(await keys.curlExample('tryon')).toBe(
      command.replace(privateKey, privateKey.slice(0, 4) + '•'.repeat(16)),
    );
    await page.getByTestId('curl-cost').waitFor();
    await page.getByLabel('Show the key in the examples').check();
    expect(await page.getByTestId('curl-tryon').innerText()).toBe(command);
    expect(await seriousViolations(page)).toEqual([]);

    await keys.delete('public', 1);
    await expect.poll(() => keys.publicRows().count()).toBe(1);
  });

  it('shows statistics after shopper activity', async () => {
    const account = (await (
      await fetch(`${server.origin}/v1/user/account`, {
        headers: { tokenapi: String(await page.evaluate(() => localStorage.getItem('privateApiKey'))) },
      })
    ).json()) as { activeApiKeys: { public: { apiKey: string }[] } };
    const shopper = {
      tokenapi: account.activeApiKeys.public[0]?.apiKey ?? '',
      clientuuid: 'e2e-shopper-0001',
    };
    const list = (await (
      await fetch(`${server.origin}/v1/garment/list?query=shirt`, { headers: shopper })
    ).json()) as {
      items: { guid: string }[];
    };
    expect(list.items.length).toBeGreaterThan(0);
    for (const item of list.items) {
      await fetch(`${server.origin}/v1/garment/${item.guid}`, { headers: shopper });
      // A like is a shopper action (a POST), which the client series counts.
      const liked = await fetch(`${server.origin}/v1/garment/like/${item.guid}`, {
        method: 'POST',
        headers: shopper,
      });
      expect(liked.status).toBe(200);
    }

    // A shopper page opening asks for the shop's public details once: a page view.
    expect((await fetch(`${server.origin}/v1/shop/public`, { headers: shopper })).status).toBe(200);

    await page.goto(`${server.origin}/statistics`);
    await expect
      .poll(async () => Number(await page.getByTestId('total-actions').innerText()))
      .toBeGreaterThan(0);
    const views = page.getByRole('region', { name: 'Page views', exact: true });
    await views.waitFor();
    expect(Number(await page.getByTestId('total-clients').innerText())).toBeGreaterThanOrEqual(1);
    await page.getByText('30 days').click();
    await page.getByRole('region', { name: 'Try-ons' }).waitFor();
    expect(await page.getByRole('region', { name: 'Search' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('gives an owner no admin menu, and /shops answers that it is for administrators', async () => {
    const shell = new AppShell(page);
    await page.goto(`${server.origin}/billing`);
    await page.getByTestId('tariff-starter').waitFor();
    expect(await shell.menuLabels()).not.toContain('All shops');
    expect(await shell.menuLabels()).not.toContain('Try-ons');
    await page.goto(`${server.origin}/shops`);
    await page.getByText(/Error loading shops/).waitFor();
  });

  it('gives an administrator the admin menu and every shop', { timeout: RENDERS_TIMEOUT }, async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const admin = await adminContext.newPage();
    await new LoginPage(admin).signIn(server.origin, server.dataDir, ADMIN_EMAIL);
    const labels = await new AppShell(admin).menuLabels();
    expect(labels).toEqual(expect.arrayContaining(['All shops', 'Try-ons', 'Looks', 'Shop', 'Garments']));
    await new AppShell(admin).open('All shops');
    const ownerName = admin.getByRole('textbox', { name: `Shop name: ${OWNER}` });
    await expect.poll(() => ownerName.inputValue()).toBe('Blue Jeans Store');
    expect(await admin.getByTestId('shop-row').count()).toBe(2);
    expect(await seriousViolations(admin)).toEqual([]);
    await new AppShell(admin).open('Try-ons');
    await admin.getByText('No try-ons yet.').waitFor();
    await new AppShell(admin).open('Looks');
    await admin.getByText('No looks yet.').waitFor();

    // The admin's shop gets a try-on and a look, rendered for real; both screens show them.
    const sessionKey = (await admin.evaluate(() => localStorage.getItem('privateApiKey'))) ?? '';
    const { tuid, luid } = await seedRenders(server.origin, sessionKey);
    await new AppShell(admin).open('Try-ons');
    const card = admin.getByTestId('tryon-card');
    await expect.poll(() => card.count()).toBe(1);
    const picture = card.getByRole('img', { name: 'Try-ons' });
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(384);
    await picture.hover();
    const garment = card.getByRole('img', { name: 'View garment' });
    await expect.poll(() => garment.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(384);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: `Try-ons: ${tuid}` }).click();
    await admin.getByRole('menuitem', { name: 'Delete' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.count()).toBe(0);
    const gone = await fetch(`${server.origin}/v1/tryon/${tuid}`, { headers: { tokenapi: sessionKey } });
    expect(gone.status).toBe(404);

    await new AppShell(admin).open('Looks');
    const lookCard = admin.getByTestId('look-card');
    await expect.poll(() => lookCard.count()).toBe(1);
    await admin.getByRole('button', { name: `Looks: ${luid}` }).waitFor();
    await adminContext.close();
  });

  it('switches the language and keeps it', async () => {
    const shell = new AppShell(page);
    await page.goto(`${server.origin}/shop`);
    await shell.chooseLanguage('pl');
    await shell.menuLink('Sklep').waitFor();
    await page.reload();
    await shell.menuLink('Sklep').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
    await shell.chooseLanguage('en');
    await shell.menuLink('Shop').waitFor();
  });

  it('sends unknown paths to /404', async () => {
    await page.goto(`${server.origin}/no/such/page`);
    await page.waitForURL(`${server.origin}/404`);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
  });

  it('logs out: the key is gone and protected paths go to /login', async () => {
    await new AppShell(page).open('Log out');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.origin}/login`);
    expect(await page.evaluate(() => localStorage.getItem('privateApiKey'))).toBeNull();
    await page.goBack();
    await page.waitForURL(`${server.origin}/login`);
    await page.goto(`${server.origin}/keys`);
    await page.waitForURL(`${server.origin}/login`);
  });
});
