import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type FrameLocator, type Page } from 'playwright-core';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { startE2eServer } from '../../server/test/e2e-server.ts';
import { OutfitPage } from './pages/outfit-page.ts';
import { ProductPage } from './pages/product-page.ts';
import { ensureShopBuilt } from './support/build-shop.ts';
import { OTHER_SITE, SHOP_SITE, shopChromiumArgs, startEmbeddingSite } from './support/embedding-site.ts';
import { fakeCameraArgs } from './support/fake-camera.ts';
import { addModel, createShop } from './support/shop-fixture.ts';

/**
 * Screenshots of every shopper page at a phone and a desktop width (with axe's serious findings, if any), against the real server and engine, for a
 * person to look at: `node --import tsx apps/shop/e2e/screenshots.ts [dir]` (default /tmp/shop-screenshots).
 */
const dir = path.resolve(process.argv[2] ?? '/tmp/shop-screenshots');
mkdirSync(dir, { recursive: true });
ensureShopBuilt();
const cameraDir = mkdtempSync(path.join(tmpdir(), 'shop-camera-'));
const [server, browser, site, cameraBrowser] = await Promise.all([
  startE2eServer(),
  chromium.launch({ executablePath: chromiumPath, args: shopChromiumArgs }),
  startEmbeddingSite(),
  samplePhoto('standing', 768, 1024).then((photo) =>
    chromium.launch({ executablePath: chromiumPath, args: fakeCameraArgs(cameraDir, photo) }),
  ),
]);
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

async function shot(target: Page, name: string, fullPage = true): Promise<void> {
  await target.waitForLoadState('networkidle');
  await target.waitForTimeout(300);
  // A full-page shot of a scrolled page draws the sticky header and the toasts where the scroll left them.
  if (fullPage) await target.evaluate(() => window.scrollTo(0, 0));
  const file = path.join(dir, `${name}.png`);
  await target.screenshot({ path: file, fullPage });
  const problems = await seriousViolations(target);
  console.log(problems.length ? `${file}\n  ${problems.join('\n  ')}` : file);
}

async function each(
  b: Browser,
  name: string,
  url: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<void> {
  for (const [label, viewport] of Object.entries(widths)) {
    const context = await b.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(url);
    await prepare?.(page);
    await shot(page, `${name}-${label}`);
    await context.close();
  }
}

try {
  const shop = await createShop(server, SHOP_SITE);
  const model = await addModel(server, shop);
  const person = await samplePhoto('standing', 768, 1024);
  const g = shop.garments[0]?.g ?? '';
  const o = server.origin;
  const key = shop.publicKey;

  await each(browser, 'tryon-intro', `${o}/w/tryon?g=${g}&key=${key}`);
  await each(browser, 'tryon-intro-ru', `${o}/w/tryon?g=${g}&key=${key}&lang=ru`);
  await each(browser, 'look-intro-pl', `${o}/w/look?m=${model.m}&key=${key}&lang=pl`);
  for (const [label, viewport] of Object.entries(widths)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${o}/w/tryon?g=${g}&hideIntro=1&key=${key}`);
    const outfit = new OutfitPage(page);
    await outfit.currentItem().waitFor();
    await outfit.uploadPhoto(person);
    await page.getByTestId('face-thumb').first().waitFor();
    await shot(page, `tryon-photo-${label}`);
    await outfit.tryOn();
    await outfit.progress().waitFor();
    await shot(page, `tryon-progress-${label}`, false);
    await outfit.result().waitFor({ timeout: 60_000 });
    await shot(page, `tryon-result-${label}`);
    const viewer = await outfit.shareLink();
    await page.goto(viewer);
    await page.getByTestId('viewer').waitFor();
    await shot(page, `tryon-viewer-${label}`);
    await page.goto(`${o}/w/look?m=${model.m}&hideIntro=1&key=${key}`);
    await page.getByTestId('current-item').waitFor();
    await shot(page, `look-${label}`);
    await context.close();
  }
  // The camera path: Chromium's fake camera films a sample photo.
  for (const [label, viewport] of Object.entries(widths)) {
    const context = await cameraBrowser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.grantPermissions(['camera'], { origin: o });
    const page = await context.newPage();
    await page.goto(`${o}/w/tryon?g=${g}&hideIntro=1&key=${key}`);
    const outfit = new OutfitPage(page);
    await outfit.currentItem().waitFor();
    await outfit.openCamera();
    await outfit.camera().getByRole('button', { name: 'Take photo' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.camera video') as HTMLVideoElement)?.readyState >= 2,
    );
    await shot(page, `camera-preview-${label}`, false);
    await outfit.capture();
    await outfit.faces().first().waitFor();
    await shot(page, `camera-added-${label}`);
    await context.close();
  }
  await each(browser, 'shop-garments', `${o}/w/shop/${shop.suid}/garments`, (p) =>
    p.getByTestId('catalog-card').first().waitFor(),
  );
  await each(browser, 'shop-models', `${o}/w/shop/${shop.suid}/models`);
  for (const guide of ['tryon-widget', 'look-widget', 'simple-tryon', 'simple-look'])
    await each(browser, `guide-${guide}`, `${o}/w/guide/${guide}`);
  await each(browser, 'not-found', `${o}/w/nowhere`);
  await each(browser, 'viewer-gone', `${o}/w/tryon/view?t=nope&hideIntro=1`);

  const embedded = async (name: string, host: string, prepare?: (frame: FrameLocator) => Promise<void>) => {
    const context = await browser.newContext({ viewport: widths.desktop, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const frame = await new ProductPage(page).goto(
      host,
      site.port,
      `${o}/w/tryon?g=${g}&hideIntro=1&key=${key}`,
    );
    await prepare?.(frame);
    await shot(page, name, false);
    await context.close();
  };
  await embedded('embed-allowed', SHOP_SITE, (f) => f.getByTestId('current-item').waitFor());
  await embedded('embed-refused', OTHER_SITE, (f) => f.locator('h1').waitFor());
  await embedded('embed-api-refused', SHOP_SITE, async (f) => {
    await f.getByTestId('current-item').waitFor();
    await shop.setAllowedDomains('elsewhere.test');
    await new OutfitPage(f).uploadPhoto(person);
    await f.locator('.notice').waitFor();
  });
} finally {
  await cameraBrowser.close();
  rmSync(cameraDir, { recursive: true, force: true });
  await browser.close();
  await site.close();
  await server.close();
}
