import { describe, expect, it } from 'vitest';
import { absoluteUrl, guideNames, matchPage, pageQuery, shopperUrls } from './shopper-urls.ts';

describe('shopper URLs', () => {
  it('builds the addresses agreed with the dashboard', () => {
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

  it('matches every address it builds back to its page', () => {
    const path = (url: string) => url.split('?')[0] ?? '';
    expect(matchPage(path(shopperUrls.garmentTryon('G', 'k')))).toEqual({ page: 'tryon' });
    expect(matchPage(path(shopperUrls.modelLook('M', 'k')))).toEqual({ page: 'look' });
    expect(matchPage(path(shopperUrls.tryonViewer('t')))).toEqual({ page: 'tryonView' });
    expect(matchPage(path(shopperUrls.lookViewer('l')))).toEqual({ page: 'lookView' });
    expect(matchPage(shopperUrls.shopGarments('s_ab'))).toEqual({ page: 'shopGarments', suid: 's_ab' });
    expect(matchPage(`${shopperUrls.shopModels('s_ab')}/`)).toEqual({ page: 'shopModels', suid: 's_ab' });
    expect(matchPage('/w/guide/simple-look')).toEqual({ page: 'guide', name: 'simple-look' });
    expect(matchPage('/w/guide/other')).toEqual({ page: 'notFound' });
    expect(matchPage('/w/')).toEqual({ page: 'notFound' });
  });

  it('reads the page query', () => {
    expect(pageQuery('?g=G7&hideIntro=1&key=pk_1')).toMatchObject({
      garment: 'G7',
      key: 'pk_1',
      hideIntro: true,
    });
    expect(pageQuery('?m=%20&t=x')).toMatchObject({ model: null, tryonToken: 'x', hideIntro: false });
  });
});
