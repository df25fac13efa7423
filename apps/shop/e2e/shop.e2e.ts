import { gzipSync } from 'node:zlib';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLayShirt } from '../../../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { type E2eServer, startE2eServer } from '../../server/test/e2e-server.ts';
import { OUTFIT_JS_BUDGET_BYTES, outfitBundleSize } from '../scripts/outfit-size.ts';
import { OutfitPage } from './pages/outfit-page.ts';
import { ProductPage } from './pages/product-page.ts';
import { ViewerPage } from './pages/viewer-page.ts';
import { distDir, ensureShopBuilt } from './support/build-shop.ts';
import { OTHER_SITE, SHOP_SITE, shopChromiumArgs, startEmbeddingSite } from './support/embedding-site.ts';
import { jpegSize, runGuideCurl } from './support/guide-curl.ts';
import { createShop, type ShopFixture } from './support/shop-fixture.ts';

/**
 * The shopper pages in Chromium against the real server (built pages, real API, the built-in render engine), a
 * shop's product page on another origin embedding them. Tests run in order and share one server and browser,
 * as one shopper's visit would.
 */
describe('shopper pages end to end', () => {
  let server: E2eServer;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startEmbeddingSite>>;
  let shop: ShopFixture;
  let shopper: BrowserContext;
  let page: Page;
  let person: Buffer;
  let viewerLink: string;

  const tryonUrl = (g: string, extra = '') =>
    `${server.origin}/w/tryon?g=${g}&hideIntro=1&key=${shop.publicKey}${extra}`;

  beforeAll(async () => {
    ensureShopBuilt();
    [server, browser, site, person] = await Promise.all([
      startE2eServer(),
      chromium.launch({ executablePath: chromiumPath, args: shopChromiumArgs }),
      startEmbeddingSite(),
      samplePhoto('standing', 768, 1024),
    ]);
    shop = await createShop(server, SHOP_SITE);
    shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await shopper.newPage();
  });

  afterAll(async () => {
    await shopper?.close();
    await browser?.close();
    await site?.close();
    await server?.close();
  });

  it('loads the outfit page with at most 100 KB of gzipped JavaScript', async () => {
    const scripts: Promise<number>[] = [];
    const fresh = await browser.newPage();
    fresh.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await fresh.goto(tryonUrl(shop.garments[0]?.g ?? ''));
    await new OutfitPage(fresh).currentItem().waitFor();
    const loaded = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    const built = outfitBundleSize(distDir).bytes;
    console.log(
      `e2e-shop: the outfit page loaded ${(loaded / 1024).toFixed(1)} KB of gzipped JavaScript ` +
        `(${(built / 1024).toFixed(1)} KB by the build manifest)`,
    );
    expect(loaded).toBeLessThanOrEqual(OUTFIT_JS_BUDGET_BYTES);
    expect(built).toBeLessThanOrEqual(OUTFIT_JS_BUDGET_BYTES);
    expect(await seriousViolations(fresh)).toEqual([]);
    await fresh.close();
  });

  it('works in an iframe on an allowed site: upload a photo, try a garment on, like it, share it', async () => {
    const frame = await new ProductPage(page).goto(SHOP_SITE, site.port, tryonUrl(shop.garments[0]?.g ?? ''));
    const outfit = new OutfitPage(frame);
    await expect.poll(() => outfit.currentItem().innerText()).toContain('Linen summer tee');

    await outfit.tryOn();
    await expect
      .poll(async () => (await outfit.toasts().allInnerTexts()).join('\n'))
      .toContain('Select person to try on.');

    await outfit.uploadPhoto(person);
    await expect.poll(() => outfit.faces().count()).toBe(1);

    await outfit.chooseGarment('Ocean cotton tee');
    await expect.poll(() => outfit.currentItem().innerText()).toContain('Ocean cotton tee');
    await outfit.tryOn();
    await outfit.progress().waitFor();
    await outfit.result().waitFor({ timeout: 60_000 });
    expect(await outfit.resultImage()).toMatch(/^\/v1\/tryon\/image\//);

    await outfit.like();
    await expect.poll(() => outfit.likeButton().getAttribute('aria-pressed')).toBe('true');
    viewerLink = await outfit.shareLink();
    expect(viewerLink).toMatch(new RegExp(`^${server.origin}/w/tryon/view\\?t=[^&]+&hideIntro=1$`));
  }, 90_000);

  it('opens the share link in a fresh browser', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const viewer = new ViewerPage(await context.newPage());
    await viewer.goto(viewerLink);
    await expect.poll(() => viewer.imageLoaded()).toBe(true);
    // The result and the shop's product, never the shopper's photo.
    expect(await viewer.product().innerText()).toContain('Ocean cotton tee');
    expect(await viewer.product().getByRole('link').getAttribute('href')).toBe(`https://${SHOP_SITE}/p/2`);
    expect(await viewer.page.locator('.brand-name').innerText()).toBe('Northwind Apparel');
    const sources = await viewer.imageSources();
    expect(sources.some((src) => src.includes('/v1/tryon/image/'))).toBe(true);
    expect(sources.filter((src) => src.includes('part=') || src.includes('/v1/face/'))).toEqual([]);
    // In each language: the title and the link to the product at the shop.
    for (const [lang, title, seeAt] of [
      ['en', 'A virtual try-on', 'See it at Northwind Apparel'],
      ['ru', 'Виртуальная примерка', 'Посмотреть в магазине Northwind Apparel'],
      ['pl', 'Wirtualna przymiarka', 'Zobacz w sklepie Northwind Apparel'],
    ] as const) {
      await viewer.goto(`${viewerLink}&lang=${lang}`);
      await expect.poll(() => viewer.page.locator('h1').innerText()).toBe(title);
      expect(await viewer.product().getByRole('link').innerText()).toBe(seeAt);
    }
    await context.close();
  });

  it('answers a link unfurler (no Accept: text/html) with the preview tags of the result', async () => {
    const res = await fetch(viewerLink, {
      headers: { accept: '*/*', 'user-agent': 'Slackbot-LinkExpanding 1.0' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Ocean cotton tee · Northwind Apparel" />');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
  });

  it('removes the photo, and with it what was made of it', async () => {
    const outfit = new OutfitPage(page.frameLocator('#tryon'));
    await outfit.removePhoto();
    await expect.poll(() => outfit.faces().count()).toBe(0);
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(viewerLink);
    await expect.poll(() => other.locator('.notice').innerText()).toContain('This link does not work');
    await context.close();
  });

  it('deletes all of the shopper photos and results at once, after a question', async () => {
    const outfit = new OutfitPage(page.frameLocator('#tryon'));
    await outfit.uploadPhoto(person);
    await expect.poll(() => outfit.faces().count()).toBe(1);
    await outfit.removeEverything();
    await expect.poll(() => outfit.faces().count()).toBe(0);
    await expect
      .poll(async () => (await outfit.toasts().allInnerTexts()).join('\n'))
      .toContain('Everything was deleted');
    // The agreement holds: the next photo needs no question.
    expect(await outfit.consent().count()).toBe(0);
  });

  it('refuses to open in an iframe on a site the key does not allow, saying why, in en, ru and pl', async () => {
    // The language as the shopper pages choose it: the widget address's lang, then the browser's.
    const cases = [
      { locale: 'en-US', lang: '', title: 'This try-on widget is not allowed on', text: 'allowed domains' },
      { locale: 'ru-RU', lang: '', title: 'Виджет примерки не разрешён на', text: 'разрешённые домены' },
      {
        locale: 'en-US',
        lang: '&lang=pl',
        title: 'Widżet przymierzalni nie jest dozwolony na',
        text: 'dozwolonych domen',
      },
    ];
    for (const { locale, lang, title, text } of cases) {
      const context = await browser.newContext({ locale });
      const refused = await context.newPage();
      const statuses: number[] = [];
      refused.on('response', (response) => {
        if (response.url().includes('/w/tryon')) statuses.push(response.status());
      });
      const frame = await new ProductPage(refused).goto(
        OTHER_SITE,
        site.port,
        tryonUrl(shop.garments[0]?.g ?? '', lang),
      );
      await expect.poll(() => frame.locator('h1').innerText()).toBe(`${title} ${OTHER_SITE}`);
      expect(await frame.locator('body').innerText()).toContain(text);
      expect(statuses).toEqual([403]);
      await context.close();
    }
  });

  it('tells the shopper when the API stops allowing the site', async () => {
    const framed = await browser.newPage();
    const frame = await new ProductPage(framed).goto(
      SHOP_SITE,
      site.port,
      tryonUrl(shop.garments[0]?.g ?? ''),
    );
    const outfit = new OutfitPage(frame);
    await outfit.currentItem().waitFor();
    await shop.setAllowedDomains('elsewhere.test');
    try {
      await outfit.uploadPhoto(person);
      await expect.poll(() => outfit.notice().innerText()).toContain(`not allowed on ${SHOP_SITE}`);
    } finally {
      await shop.setAllowedDomains(`${SHOP_SITE}, *.${SHOP_SITE}`);
      await framed.close();
    }
  });

  it("lists a shop's garments on its public page and opens the try-on page from a card", async () => {
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${server.origin}/w/shop/${shop.suid}/garments`);
    const cards = visitor.getByTestId('catalog-card');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await seriousViolations(visitor)).toEqual([]);
    await cards.filter({ hasText: 'Forest basic tee' }).click();
    await visitor.waitForURL(/\/w\/tryon\?g=/);
    expect(new URL(visitor.url()).searchParams.get('key')).toBe(shop.publicKey);
    await expect.poll(() => new OutfitPage(visitor).currentItem().innerText()).toContain('Forest basic tee');
    const gone = await visitor.goto(`${server.origin}/w/shop/s_unknown/garments`);
    expect(gone?.status()).toBe(200);
    await expect.poll(() => visitor.locator('.notice').innerText()).toContain('does not exist');
    await visitor.close();
  });

  it('shows a curl example on the simple try-on guide that works verbatim', async () => {
    const result = await runGuideCurl({
      browser,
      origin: server.origin,
      guide: 'simple-tryon',
      privateKey: shop.privateKey,
      photos: { 'person.jpg': person, 'garment.jpg': await flatLayShirt() },
      output: 'tryon.jpg',
    });
    expect(jpegSize(result), result.subarray(0, 200).toString()).toEqual({ width: 768, height: 1024 });
  }, 60_000);

  it('shows a curl example on the simple look guide that works verbatim, answering the model photo with the face', async () => {
    const [face, model] = await Promise.all([
      samplePhoto('portrait', 512, 512),
      samplePhoto('portraitWoman', 768, 768),
    ]);
    const result = await runGuideCurl({
      browser,
      origin: server.origin,
      guide: 'simple-look',
      privateKey: shop.privateKey,
      photos: { 'face.jpg': face, 'model.jpg': model },
      output: 'look.jpg',
    });
    // A JPEG of the model photo's size: an error would be JSON, and a look is drawn on the model photo.
    expect(jpegSize(result), result.subarray(0, 200).toString()).toEqual({ width: 768, height: 768 });
    expect(result.equals(model)).toBe(false);
  }, 60_000);
});
