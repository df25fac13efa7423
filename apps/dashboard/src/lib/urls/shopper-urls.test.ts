import { describe, expect, it } from 'vitest';
import { absoluteUrl, shopperUrls } from './shopper-urls.ts';

describe('shopper URLs', () => {
  it('builds the try-on and look pages with the intro hidden and the public key', () => {
    expect(shopperUrls.garmentTryon('AB12CD34', 'pk_x')).toBe('/w/tryon?g=AB12CD34&hideIntro=1&key=pk_x');
    expect(shopperUrls.modelLook('M1', 'pk_y')).toBe('/w/look?m=M1&hideIntro=1&key=pk_y');
    expect(shopperUrls.tryonViewer('tok')).toBe('/w/tryon/view?t=tok&hideIntro=1');
    expect(shopperUrls.lookViewer('tok')).toBe('/w/look/view?l=tok&hideIntro=1');
    expect(shopperUrls.shopGarments('s_1')).toBe('/w/shop/s_1/garments');
    expect(shopperUrls.shopModels('s_1')).toBe('/w/shop/s_1/models');
  });

  it('makes shareable absolute links', () => {
    expect(absoluteUrl('/w/tryon?g=A', 'https://shop.example')).toBe('https://shop.example/w/tryon?g=A');
  });
});
