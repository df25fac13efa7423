import { chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { type E2eServer, startE2eServer } from '../../server/test/e2e-server.ts';
import { OutfitPage } from './pages/outfit-page.ts';
import { ensureShopBuilt } from './support/build-shop.ts';
import { OTHER_SITE, SHOP_SITE, shopChromiumArgs, startEmbeddingSite } from './support/embedding-site.ts';
import { createShop, type ShopFixture } from './support/shop-fixture.ts';

type Relayed = { type: string; [name: string]: unknown };

/**
 * The embed script (`/w/embed.js`) on a shop's product page on another origin: it inserts the frame, sizes it to
 * its content, hands the shopper's first-party id to it and relays the widget's events, hearing only the
 * widget's own window and origin.
 */
describe('embed script', () => {
  let server: E2eServer;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startEmbeddingSite>>;
  let shop: ShopFixture;
  let person: Buffer;

  beforeAll(async () => {
    ensureShopBuilt();
    [server, browser, site, person] = await Promise.all([
      startE2eServer(),
      chromium.launch({ executablePath: chromiumPath, args: shopChromiumArgs }),
      startEmbeddingSite(),
      samplePhoto('standing', 768, 1024),
    ]);
    shop = await createShop(server, SHOP_SITE);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
  });

  const productPage = (g: string, on = SHOP_SITE, extra: Record<string, string> = {}) =>
    `http://${on}:${site.port}/embed?${new URLSearchParams({ server: server.origin, key: shop.publicKey, g, ...extra })}`;
  const events = (page: Page) =>
    page.evaluate(() => (window as unknown as { tryonEvents: Relayed[] }).tryonEvents);
  const frameHeight = (page: Page) =>
    page.locator('iframe[data-tryon-widget]').evaluate((f) => f.getBoundingClientRect().height);

  it('inserts the widget, sizes it to its content and relays what the shopper does', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const sentIds = new Set<string>();
    page.on('request', (request) => {
      const id = request.headers().clientuuid;
      if (id && new URL(request.url()).origin === server.origin) sentIds.add(id);
    });
    await page.goto(productPage(shop.garments[0]?.g ?? ''));
    const frame = page.frameLocator('iframe[data-tryon-widget]');
    const outfit = new OutfitPage(frame);
    await outfit.currentItem().waitFor();
    expect(await page.locator('iframe[data-tryon-widget]').getAttribute('src')).toContain('embed=1');

    // Sized to the content, not the script's first 720 px, and again when the content grows.
    await expect.poll(() => frameHeight(page)).not.toBe(720);
    const contentHeight = () => frame.locator('body').evaluate((body) => Math.ceil(body.scrollHeight));
    const fits = async () => Math.abs((await frameHeight(page)) - (await contentHeight()));
    await expect.poll(fits).toBeLessThan(2);

    // The shopper's id lives in the shop's own storage, and the frame's calls carry it.
    const hostId = await page.evaluate(() => localStorage.getItem('tryon.clientuuid'));
    expect(hostId).toMatch(/^[0-9a-f]{32}$/);
    await outfit.uploadPhoto(person);
    await expect.poll(() => outfit.faces().count()).toBe(1);
    expect([...sentIds]).toEqual([hostId]);
    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('photo.added');
    await expect.poll(fits).toBeLessThan(2);

    await outfit.tryOn();
    await outfit.result().waitFor({ timeout: 60_000 });
    await expect.poll(fits).toBeLessThan(2);
    await expect
      .poll(async () => (await events(page)).find((e) => e.type === 'tryon.done')?.link)
      .toMatch(new RegExp(`^${server.origin}/w/tryon/view\\?t=`));
    await frame.getByTestId('add-to-cart').click();
    await frame.getByTestId('widget-close').click();
    await expect
      .poll(async () => (await events(page)).map((e) => e.type))
      .toEqual(['photo.added', 'tryon.done', 'add-to-cart', 'close']);
    const cart = (await events(page)).find((e) => e.type === 'add-to-cart');
    expect(cart).toMatchObject({ guid: shop.garments[0]?.guid, g: shop.garments[0]?.g });

    // A reload finds the same photo although the frame has no storage of its own (this browser blocks
    // third-party storage, as a new context does): the id comes from the shop's storage.
    const widget = page.frames().find((f) => f.url().startsWith(`${server.origin}/w/tryon`));
    const frameStorage = await widget?.evaluate(() => {
      try {
        return localStorage.length >= 0;
      } catch {
        return false;
      }
    });
    expect(frameStorage).toBe(false);
    await page.reload();
    await expect
      .poll(() => new OutfitPage(page.frameLocator('iframe[data-tryon-widget]')).faces().count())
      .toBe(1);
    await context.close();
  }, 120_000);

  it('tells the host of a refused try-on, and not again of a result shown from the history', async () => {
    const limit = (value: number) =>
      fetch(`${server.origin}/v1/shop/update?limit_tryon_daily_per_client=${value}`, {
        method: 'POST',
        headers: { tokenapi: shop.privateKey },
      }).then((res) => expect(res.status).toBe(200));
    await limit(1);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(productPage(shop.garments[2]?.g ?? ''));
      const frame = page.frameLocator('iframe[data-tryon-widget]');
      const outfit = new OutfitPage(frame);
      await outfit.currentItem().waitFor();
      await outfit.uploadPhoto(person);
      await expect.poll(() => outfit.faces().count()).toBe(1);
      await outfit.tryOn();
      await outfit.result().waitFor({ timeout: 60_000 });
      await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('tryon.done');
      // Beside its buttons (Add to cart among them) in the 960 px frame, the result's title keeps one line.
      const titleLines = await frame.locator('.result-title').evaluate((title) => {
        const range = document.createRange();
        range.selectNodeContents(title);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(titleLines).toBe(1);
      // Shown again from the history: the shopper looks at it, nothing new happened.
      await frame.getByRole('button', { name: 'Show this try-on' }).click();
      // Their second try-on today is over the shop's per-shopper limit: refused at the start.
      await outfit.tryOn();
      await frame.locator('.stage-failure').waitFor();
      await expect
        .poll(async () => (await events(page)).map((e) => e.type))
        .toEqual(['photo.added', 'tryon.done', 'tryon.failed']);
      expect((await events(page)).at(-1)).toEqual({
        type: 'tryon.failed',
        code: 'CLIENT_DAILY_LIMIT_REACHED',
      });
    } finally {
      await context.close();
      await limit(20);
    }
  }, 120_000);

  it('shows the refusal page, not a blank frame, on a site the key does not allow that sends no Referer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${server.origin}/w/tryon`)) statuses.push(response.status());
    });
    await page.goto(productPage(shop.garments[0]?.g ?? '', OTHER_SITE, { noref: '1' }));
    const frame = page.frameLocator('iframe[data-tryon-widget]');
    await expect
      .poll(() => frame.locator('h1').innerText())
      .toBe(`This try-on widget is not allowed on ${OTHER_SITE}`);
    expect(statuses).toEqual([403]);
    // The same page on the shop's own site, also without a Referer, shows the widget.
    await page.goto(productPage(shop.garments[0]?.g ?? '', SHOP_SITE, { noref: '1' }));
    await new OutfitPage(page.frameLocator('iframe[data-tryon-widget]')).currentItem().waitFor();
    await context.close();
  });

  for (const [where, extra] of [
    ['a long page', {}],
    ['a page that scrolls in a container', { scroller: '1' }],
  ] as const)
    it(`keeps its toasts and dialogs in the part of the frame the shopper sees, scrolled down ${where}`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 700 } });
      const page = await context.newPage();
      await page.goto(productPage(shop.garments[0]?.g ?? '', SHOP_SITE, extra));
      const widget = page.locator('iframe[data-tryon-widget]');
      const frame = page.frameLocator('iframe[data-tryon-widget]');
      const outfit = new OutfitPage(frame);
      await outfit.currentItem().waitFor();
      await outfit.agreeIfAsked();
      // The frame is as tall as its content, taller than the phone's screen; the shopper scrolls to the photo panel.
      await expect.poll(() => widget.evaluate((f) => f.getBoundingClientRect().height)).toBeGreaterThan(900);
      await frame.getByRole('region', { name: 'Your photo' }).evaluate((panel) => {
        panel.scrollIntoView({ block: 'end' });
      });
      await expect.poll(() => widget.evaluate((f) => f.getBoundingClientRect().top)).toBeLessThan(-200);
      /** An element's box in the host page's viewport. */
      const onScreen = async (locator: ReturnType<typeof frame.locator>) => {
        const frameTop = await widget.evaluate((f) => f.getBoundingClientRect().top);
        const box = await locator.evaluate((el) => {
          const rect = el.getBoundingClientRect();
          return { top: rect.top, bottom: rect.bottom };
        });
        return box.top + frameTop >= 0 && box.bottom + frameTop <= 700;
      };
      const wall = await sharp({ create: { width: 768, height: 1024, channels: 3, background: '#c9c2b8' } })
        .jpeg()
        .toBuffer();
      await outfit.uploadPhoto(wall);
      await outfit.toasts().first().waitFor({ timeout: 30_000 });
      await expect.poll(() => onScreen(outfit.toasts().first())).toBe(true);
      await outfit.uploadPhoto(person);
      await expect.poll(() => outfit.faces().count()).toBe(1);
      await frame.getByRole('button', { name: 'Remove photo' }).click();
      await expect.poll(() => onScreen(frame.getByRole('dialog'))).toBe(true);
      // Without the photo the content is shorter, and so is the frame: it shrinks as well as it grows.
      const withPhoto = await widget.evaluate((f) => f.getBoundingClientRect().height);
      await frame.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => outfit.faces().count()).toBe(0);
      await expect
        .poll(() => widget.evaluate((f) => f.getBoundingClientRect().height))
        .toBeLessThan(withPhoto - 40);
      await context.close();
    }, 90_000);

  it('hears only the widget: messages from elsewhere on the page change nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(productPage(shop.garments[1]?.g ?? ''));
    await new OutfitPage(page.frameLocator('iframe[data-tryon-widget]')).currentItem().waitFor();
    await expect.poll(() => frameHeight(page)).not.toBe(720);
    const height = await frameHeight(page);
    // The host page itself (another window, another origin than the widget's) posts look-alike messages.
    await page.evaluate(() => {
      window.postMessage({ source: 'tryon-widget', type: 'resize', height: 40 }, '*');
      window.postMessage({ source: 'tryon-widget', type: 'close' }, '*');
    });
    await page.waitForTimeout(300);
    expect(await frameHeight(page)).toBe(height);
    expect(await events(page)).toEqual([]);
    await context.close();
  });
});
