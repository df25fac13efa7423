import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplesSideBySide } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { type E2eServer, startE2eServer } from '../../server/test/e2e-server.ts';
import { OutfitPage } from './pages/outfit-page.ts';
import { ensureShopBuilt } from './support/build-shop.ts';
import { SHOP_SITE } from './support/embedding-site.ts';
import { createShop, type ShopFixture } from './support/shop-fixture.ts';

const texts = {
  en: {
    NO_PERSON: 'No person was found in the photo. Please use a photo of one person.',
    MULTIPLE_PEOPLE: 'There is more than one person in the photo. Please use a photo of one person alone.',
  },
  ru: {
    NO_PERSON: 'На фото не найден человек. Используйте фото одного человека.',
    MULTIPLE_PEOPLE: 'На фото больше одного человека. Используйте фото, где вы один.',
  },
  pl: {
    NO_PERSON: 'Na zdjęciu nie znaleziono osoby. Użyj zdjęcia jednej osoby.',
    MULTIPLE_PEOPLE:
      'Na zdjęciu jest więcej niż jedna osoba. Użyj zdjęcia, na którym jest tylko jedna osoba.',
  },
} as const;

/**
 * The photo wording shows once on the empty page (the photo panel, not the stage too). The person check as a
 * shopper meets it, with the real engine: a photo of a wall or of two people is refused
 * at upload, the toast says why in the page's language, and nothing is added to the photo strip.
 */
describe('outfit page: photos without exactly one person', () => {
  let server: E2eServer;
  let browser: Browser;
  let shop: ShopFixture;
  let wall: Buffer;
  let two: Buffer;

  beforeAll(async () => {
    ensureShopBuilt();
    [server, browser, wall, two] = await Promise.all([
      startE2eServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
      sharp({ create: { width: 768, height: 1024, channels: 3, background: '#c9c2b8' } })
        .jpeg()
        .toBuffer(),
      samplesSideBySide(['portrait', 'portraitWoman']),
    ]);
    shop = await createShop(server, SHOP_SITE);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const lang of ['en', 'ru', 'pl'] as const) {
    it(`asks for agreement once, then says why a photo is refused in ${lang}, and keeps no photo`, async () => {
      // A new shopper each time: nothing agreed yet.
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(
        `${server.origin}/w/tryon?g=${shop.garments[0]?.g}&hideIntro=1&key=${shop.publicKey}&lang=${lang}`,
      );
      const outfit = new OutfitPage(page);
      await outfit.currentItem().waitFor();
      await outfit.consent().first().waitFor();
      expect(await outfit.consent().count()).toBe(1);
      for (const [photo, code] of [
        [wall, 'NO_PERSON'],
        [two, 'MULTIPLE_PEOPLE'],
      ] as const) {
        await outfit.uploadPhoto(photo);
        await expect
          .poll(async () => (await outfit.toasts().allInnerTexts()).join('\n'), { timeout: 30_000 })
          .toContain(texts[lang][code]);
        await page.locator('.toast-close').first().click();
      }
      expect(await outfit.faces().count()).toBe(0);
      await page.close();
    }, 90_000);
  }
});
