import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './absolute-url.ts';
import { guideNames, shopperUrls } from './shopper-urls.ts';

describe('shopper URLs', () => {
  it('builds every page of the shopper pages, for both front ends', () => {
    expect(shopperUrls.garmentTryon('G7K2', 'pk_1')).toBe('/w/tryon?g=G7K2&hideIntro=1&key=pk_1');
    expect(shopperUrls.modelLook('M3', 'pk_1')).toBe('/w/look?m=M3&hideIntro=1&key=pk_1');
    expect(shopperUrls.garmentTryon('G', 'pk', { hideIntro: false })).toBe('/w/tryon?g=G&key=pk');
    expect(shopperUrls.tryonViewer('tok')).toBe('/w/tryon/view?t=tok&hideIntro=1');
    expect(shopperUrls.lookViewer('tok')).toBe('/w/look/view?l=tok&hideIntro=1');
    expect(shopperUrls.shopGarments('s_1')).toBe('/w/shop/s_1/garments');
    expect(shopperUrls.shopModels('s_1')).toBe('/w/shop/s_1/models');
    expect(guideNames.map(shopperUrls.guide)).toEqual([
      '/w/guide/tryon-widget',
      '/w/guide/look-widget',
      '/w/guide/simple-tryon',
      '/w/guide/simple-look',
    ]);
    expect(absoluteUrl('/w/look/view?l=x', 'https://t.example')).toBe('https://t.example/w/look/view?l=x');
  });
});
