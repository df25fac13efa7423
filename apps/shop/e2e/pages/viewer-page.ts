import type { Page } from 'playwright-core';

/** A shared try-on or look, opened by its link. */
export class ViewerPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly viewer = () => this.page.getByTestId('viewer');
  readonly product = () => this.page.getByTestId('viewer-product');

  /** The addresses of every picture on the page. */
  async imageSources(): Promise<string[]> {
    return this.page.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url);
    await this.viewer().waitFor();
  }

  /** Whether the picture loaded (a real image, not the placeholder). */
  async imageLoaded(): Promise<boolean> {
    return this.page
      .locator('.viewer .stage-image')
      .evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
  }
}
