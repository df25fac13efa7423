import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { type E2eServer, startE2eServer } from '../../server/test/e2e-server.ts';
import { OutfitPage } from './pages/outfit-page.ts';
import { ProductPage } from './pages/product-page.ts';
import { ensureShopBuilt } from './support/build-shop.ts';
import { SHOP_SITE, startEmbeddingSite } from './support/embedding-site.ts';
import { fakeCameraArgs } from './support/fake-camera.ts';
import { recordSentFiles, sentFiles } from './support/sent-files.ts';
import { createShop, type ShopFixture } from './support/shop-fixture.ts';

/**
 * The camera path of the outfit page on a phone: Chromium's fake camera films a sample photo (a file written
 * at test time), the shopper takes the shot, it is uploaded as camera-image.jpg and tried on. A browser of its
 * own, since the camera is chosen when Chromium starts.
 */
describe('outfit page with the camera', () => {
  let server: E2eServer;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startEmbeddingSite>>;
  let shop: ShopFixture;
  let page: Page;
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-camera-'));

  beforeAll(async () => {
    ensureShopBuilt();
    let photo: Buffer;
    [server, site, photo] = await Promise.all([
      startE2eServer(),
      startEmbeddingSite(),
      samplePhoto('standing', 768, 1024),
    ]);
    // The shop's product page stands in for an https site: a frame may use the camera only on a secure page.
    const secureShop = `--unsafely-treat-insecure-origin-as-secure=http://${SHOP_SITE}:${site.port}`;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...fakeCameraArgs(dir, photo), secureShop],
    });
    shop = await createShop(server, SHOP_SITE);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['camera'], { origin: server.origin });
    await recordSentFiles(context);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes a photo with the camera, uploads it as camera-image.jpg, and tries a garment on it', async () => {
    await page.goto(`${server.origin}/w/tryon?g=${shop.garments[0]?.g}&hideIntro=1&key=${shop.publicKey}`);
    const outfit = new OutfitPage(page);
    await outfit.currentItem().waitFor();

    await outfit.openCamera();
    await expect.poll(() => outfit.cameraPreview().evaluate(playingSize)).toEqual([768, 1024]);
    const uploaded = page.waitForResponse(isFaceUpload);
    await outfit.capture();
    const response = await uploaded;
    expect(response.status()).toBe(201);
    // The server re-encodes what it keeps: the camera's frame, at the camera's size, made it there.
    const face = (await response.json()) as { width: number; height: number };
    expect([face.width, face.height]).toEqual([768, 1024]);
    expect(await sentFiles(page)).toEqual([
      expect.objectContaining({
        path: '/v1/face/add',
        field: 'file',
        name: 'camera-image.jpg',
        type: 'image/jpeg',
      }),
    ]);

    await expect.poll(() => outfit.faces().count()).toBe(1);
    await expect.poll(() => outfit.camera().count()).toBe(0);
    await expect
      .poll(async () => (await outfit.toasts().allInnerTexts()).join('\n'))
      .toContain('Photo added');

    await outfit.tryOn();
    await outfit.result().waitFor({ timeout: 60_000 });
    expect(await outfit.resultImage()).toMatch(/^\/v1\/tryon\/image\//);
  }, 90_000);

  it("in a shop's frame, offers the camera only where the snippet allows it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const product = await context.newPage();
    const widget = `${server.origin}/w/tryon?g=${shop.garments[1]?.g}&hideIntro=1&key=${shop.publicKey}`;
    try {
      const framed = new OutfitPage(await new ProductPage(product).goto(SHOP_SITE, site.port, widget));
      await framed.currentItem().waitFor();
      await framed.openCamera();
      await expect.poll(() => framed.cameraPreview().evaluate(playingSize)).toEqual([768, 1024]);
      await framed.capture();
      await expect.poll(() => framed.faces().count()).toBe(1);

      // Without allow="camera" every request would be refused; the upload is all the page offers.
      const bare = new OutfitPage(
        await new ProductPage(product).goto(SHOP_SITE, site.port, widget, { camera: false }),
      );
      await bare.currentItem().waitFor();
      await bare.agreeIfAsked();
      await bare.uploadButton().waitFor();
      expect(await bare.takePhotoButton().count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});

const isFaceUpload = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/v1/face/add';

/** The size of the frames a video element plays, once it plays them. */
const playingSize = (video: HTMLVideoElement) =>
  video.paused || video.readyState < 2 ? null : [video.videoWidth, video.videoHeight];
