import { chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { type E2eServer, startE2eServer } from '../../server/test/e2e-server.ts';
import { OutfitPage } from './pages/outfit-page.ts';
import { ensureShopBuilt } from './support/build-shop.ts';
import { SHOP_SITE, shopChromiumArgs } from './support/embedding-site.ts';
import { createShop, type ShopFixture } from './support/shop-fixture.ts';

/** Frame widths from a small phone to a wide desktop, and shops from empty to a large catalogue. */
const WIDTHS = [320, 375, 414, 768, 960, 1280, 1920];
const COUNTS = [0, 1, 4, 12, 200];
const LANGS = ['en', 'ru', 'pl'] as const;

/** How far the page reaches past the frame's right edge, in CSS pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whether an element lies wholly inside the viewport, sideways. */
const insideSideways = async (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const found = [...document.querySelectorAll(sel)];
    return (
      found.length > 0 &&
      found.every((el) => {
        const box = el.getBoundingClientRect();
        return box.left >= 0 && box.right <= document.documentElement.clientWidth;
      })
    );
  }, selector);

/**
 * Every shopper page in Chromium at every frame width from 320 to 1920 px, for shops with 0, 1, 4, 12 and 200
 * garments, in each language: nothing reaches past the right edge (strips scroll inside their panels), and the
 * toasts, the try-on button and the photo-removal dialog stay on screen.
 */
describe('shopper pages fit their frame', () => {
  let server: E2eServer;
  let browser: Browser;
  let person: Buffer;
  const shops = new Map<number, ShopFixture>();

  beforeAll(async () => {
    ensureShopBuilt();
    [server, browser, person] = await Promise.all([
      startE2eServer(),
      chromium.launch({ executablePath: chromiumPath, args: shopChromiumArgs }),
      samplePhoto('standing', 768, 1024),
    ]);
    for (const count of COUNTS) shops.set(count, await createShop(server, SHOP_SITE, count));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The pages whose content follows the shop's catalogue, in one language. */
  const catalogPages = (shop: ShopFixture, lang: string) => {
    const o = server.origin;
    const g = shop.garments.at(-1)?.g;
    return [
      `${o}/w/tryon?${g ? `g=${g}&` : ''}key=${shop.publicKey}&lang=${lang}`,
      `${o}/w/tryon?${g ? `g=${g}&` : ''}hideIntro=1&key=${shop.publicKey}&lang=${lang}`,
      `${o}/w/look?hideIntro=1&key=${shop.publicKey}&lang=${lang}`,
      `${o}/w/shop/${shop.suid}/garments?lang=${lang}`,
      `${o}/w/shop/${shop.suid}/models?lang=${lang}`,
    ];
  };

  /**
   * The pages no catalogue changes (a render's page, the guides, an unknown address), in every language, dealt
   * out among the shops' tests: loading each once per shop only repeated the same page.
   */
  const sharedPages = (shop: ShopFixture, index: number) => {
    const o = server.origin;
    const all = LANGS.flatMap((lang) => [
      `${o}/w/tryon/view?t=nope&hideIntro=1&lang=${lang}`,
      `${o}/w/guide/tryon-widget?key=${shop.publicKey}&lang=${lang}`,
      `${o}/w/guide/simple-tryon?lang=${lang}`,
      `${o}/w/nowhere?lang=${lang}`,
    ]);
    return all.filter((_, i) => i % COUNTS.length === index);
  };

  // The shops at once, each in its own browser context: most of each is waiting for the network to go idle.
  for (const [index, count] of COUNTS.entries())
    it.concurrent(`nothing overflows sideways with ${count} garments, 320 to 1920 px, en ru pl`, async ({
      expect,
    }) => {
      const shop = shops.get(count);
      if (!shop) throw new Error('no shop');
      const urls = [...LANGS.flatMap((lang) => catalogPages(shop, lang)), ...sharedPages(shop, index)];
      const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
      const page = await context.newPage();
      const wide: string[] = [];
      for (const url of urls) {
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        await page.locator('main').waitFor();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(() => new Promise(requestAnimationFrame));
          const past = await overflow(page);
          if (past > 0) wide.push(`${url.replace(server.origin, '')} at ${width} px: ${past} px too wide`);
        }
        await page.setViewportSize({ width: 320, height: 800 });
      }
      await context.close();
      expect(wide).toEqual([]);
    }, 240_000);

  it('keeps the toasts, the try-on button and the removal dialog on screen at every width', async () => {
    const shop = shops.get(200);
    if (!shop) throw new Error('no shop');
    for (const lang of LANGS) {
      const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
      const page = await context.newPage();
      await page.goto(
        `${server.origin}/w/tryon?g=${shop.garments[5]?.g}&hideIntro=1&key=${shop.publicKey}&lang=${lang}`,
      );
      const outfit = new OutfitPage(page);
      await outfit.currentItem().waitFor();
      await outfit.uploadPhoto(person);
      await expect.poll(() => outfit.faces().count()).toBe(1);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 700 });
        await page.getByTestId('tryon-button').scrollIntoViewIfNeeded();
        expect(await insideSideways(page, '[data-testid="tryon-button"]'), `button at ${width}`).toBe(true);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByRole('button', { name: /./ }).and(page.locator('.thumb-remove')).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        expect(await insideSideways(page, 'dialog[open] .btn'), `dialog at ${width}`).toBe(true);
        await dialog.locator('.btn-ghost').click();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByTestId('current-item').locator('.heart').click();
        await page.locator('.toast').first().waitFor();
        expect(await insideSideways(page, '.toast'), `toasts at ${width}`).toBe(true);
        await page.locator('.toast-close').first().click();
        expect(await overflow(page), `page at ${width}`).toBe(0);
      }
      await context.close();
    }
  }, 120_000);
});
