import { chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplesSideBySide } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { type E2eServer, startE2eServer } from '../../server/test/e2e-server.ts';
import { OutfitPage } from './pages/outfit-page.ts';
import { ProductPage } from './pages/product-page.ts';
import { ensureShopBuilt } from './support/build-shop.ts';
import { SHOP_SITE, shopChromiumArgs, startEmbeddingSite } from './support/embedding-site.ts';
import { createShop, type ShopFixture } from './support/shop-fixture.ts';

const texts = {
  en: {
    NO_PERSON: 'No person was found in the photo. Please use a photo of one person.',
    MULTIPLE_PEOPLE: 'There is more than one person in the photo. Please use a photo of one person alone.',
    IMAGE_TOO_SMALL: 'The image is too small: it must be at least 256×256 px (this one is 200×180 px).',
    price: '€29.90',
    kept: 'deleted automatically 30 days after you add it',
  },
  ru: {
    NO_PERSON: 'На фото не найден человек. Используйте фото одного человека.',
    MULTIPLE_PEOPLE: 'На фото больше одного человека. Используйте фото, где вы один.',
    IMAGE_TOO_SMALL: 'Изображение слишком маленькое: нужно не меньше 256×256 пикселей (у этого 200×180).',
    price: '29,90 €',
    kept: 'удаляется автоматически через 30 дней после добавления',
  },
  pl: {
    NO_PERSON: 'Na zdjęciu nie znaleziono osoby. Użyj zdjęcia jednej osoby.',
    MULTIPLE_PEOPLE:
      'Na zdjęciu jest więcej niż jedna osoba. Użyj zdjęcia, na którym jest tylko jedna osoba.',
    IMAGE_TOO_SMALL: 'Zdjęcie jest za małe: musi mieć co najmniej 256×256 px (to ma 200×180 px).',
    price: '29,90 €',
    kept: '30 dni po dodaniu jest usuwane automatycznie',
  },
} as const;

/**
 * The photo wording shows once on the empty page (the photo panel, not the stage too). The person check as a
 * shopper meets it, with the real engine: a photo of a wall or of two people is refused
 * at upload, the toast says why in the page's language, and nothing is added to the photo strip; so is a photo
 * below the minimum size, whose toast names the minimum. Prices show with the shop's currency in each language.
 */
describe('outfit page: photos without exactly one person', () => {
  let server: E2eServer;
  let browser: Browser;
  let shop: ShopFixture;
  let wall: Buffer;
  let two: Buffer;
  let small: Buffer;
  let site: Awaited<ReturnType<typeof startEmbeddingSite>>;

  beforeAll(async () => {
    ensureShopBuilt();
    [server, site, browser, wall, two, small] = await Promise.all([
      startE2eServer(),
      startEmbeddingSite(),
      chromium.launch({ executablePath: chromiumPath, args: shopChromiumArgs }),
      sharp({ create: { width: 768, height: 1024, channels: 3, background: '#c9c2b8' } })
        .jpeg()
        .toBuffer(),
      samplesSideBySide(['portrait', 'portraitWoman']),
      sharp({ create: { width: 200, height: 180, channels: 3, background: '#c9c2b8' } })
        .jpeg()
        .toBuffer(),
    ]);
    shop = await createShop(server, SHOP_SITE);
    const currency = await fetch(`${server.origin}/v1/shop/update?currency=EUR`, {
      method: 'POST',
      headers: { tokenapi: shop.privateKey },
    });
    expect(currency.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
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
      // The wording names how long the photo is kept (RETENTION_DAYS, 30 by default).
      await expect.poll(() => outfit.consent().innerText()).toContain(texts[lang].kept);
      // The garment's price in the shop's currency, written as the page's language writes it.
      await expect
        .poll(async () => (await outfit.currentItem().innerText()).replace(/[\u00a0\u202f]/g, ' '))
        .toContain(texts[lang].price);
      for (const [photo, code] of [
        [wall, 'NO_PERSON'],
        [two, 'MULTIPLE_PEOPLE'],
        // Too small: the text names the minimum.
        [small, 'IMAGE_TOO_SMALL'],
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

  const blocked = {
    en: 'This browser does not let this window keep anything, so your photo will be gone when the page reloads.',
    ru: 'Этот браузер не разрешает этому окну ничего сохранять, поэтому после перезагрузки страницы ваше фото пропадёт.',
    pl: 'Ta przeglądarka nie pozwala temu oknu niczego zapamiętać, więc po odświeżeniu strony Twoje zdjęcie zniknie.',
  } as const;

  for (const lang of ['en', 'ru', 'pl'] as const) {
    it(`in a plain iframe whose storage is blocked, says why the photo will be gone (${lang})`, async () => {
      const widget = `${server.origin}/w/tryon?g=${shop.garments[0]?.g}&hideIntro=1&key=${shop.publicKey}&lang=${lang}`;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // As a browser that blocks third-party storage: every frame's local storage refuses access. (Chromium's
      // incognito-like test contexts block third-party storage in frames already; this makes it explicit.)
      await context.addInitScript(() => {
        if (window.top === window.self) return;
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        });
      });
      const product = await context.newPage();
      const frame = new OutfitPage(await new ProductPage(product).goto(SHOP_SITE, site.port, widget));
      await frame.currentItem().waitFor();
      const notice = product.frameLocator('#tryon').getByTestId('storage-notice');
      await expect.poll(() => notice.innerText()).toContain(blocked[lang]);
      expect(await notice.getByRole('link').getAttribute('target')).toBe('_blank');
      await context.close();

      // The same page opened in its own tab, where storage works, says nothing of it.
      const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await own.newPage();
      await page.goto(widget);
      const ok = new OutfitPage(page);
      await ok.currentItem().waitFor();
      await ok.consent().first().waitFor();
      expect(await page.getByTestId('storage-notice').count()).toBe(0);
      await own.close();
    }, 90_000);
  }
});
