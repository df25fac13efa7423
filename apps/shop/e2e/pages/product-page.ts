import type { FrameLocator, Page } from 'playwright-core';

/** A shop's product page on its own site, with the try-on iframe in it. */
export class ProductPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(
    site: string,
    port: number,
    widgetUrl: string,
    options: { camera?: boolean } = {},
  ): Promise<FrameLocator> {
    const camera = options.camera === false ? '&camera=0' : '';
    await this.page.goto(`http://${site}:${port}/product?src=${encodeURIComponent(widgetUrl)}${camera}`);
    return this.page.frameLocator('#tryon');
  }
}
