import { describe, expect, it } from 'vitest';
import { matchPage, pageQuery, shopperUrls } from './shopper-urls.ts';

describe('shopper page routes', () => {
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
