import type { FrameLocator, Page } from 'playwright-core';

/** A shop's product page on its own site, with the try-on iframe in it. */
export class ProductPage {
  constructor(private readonly page: Page) {}

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
