import type { Page } from 'playwright-core';

/** The admin Try-ons and Looks screens. */
export class RendersPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly tryonCards = () => this.page.getByTestId('tryon-card');
  readonly lookCards = () => this.page.getByTestId('look-card');
  readonly shopFilter = () => this.page.getByTestId('shop-filter');

  async chooseShop(label: string | RegExp): Promise<void> {
    await this.shopFilter().click();
    await this.page.getByRole('option', { name: label }).click();
  }

  /** Opens a card's menu item: `kind` is the menu's label prefix, "Try-ons" or "Looks". */
  async menuItem(kind: 'Try-ons' | 'Looks', id: string, item: string): Promise<void> {
    await this.page.getByRole('button', { name: `${kind}: ${id}` }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }
}
