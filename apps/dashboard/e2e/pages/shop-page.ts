import type { Page } from 'playwright-core';

export class ShopPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly name = () => this.page.getByLabel('Shop name');
  readonly currency = () => this.page.getByLabel(/^Currency of your prices/);
  readonly dailyTryons = () => this.page.getByLabel(/^Try-ons a day\s*\*?$/);
  readonly suid = () => this.page.getByTestId('shop-suid');
  readonly balance = () => this.page.getByTestId('shop-balance');

  async goto(origin: string): Promise<void> {
    await this.page.goto(`${origin}/shop`);
    await this.name().waitFor();
  }
}
