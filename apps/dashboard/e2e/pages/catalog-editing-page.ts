import type { Page } from 'playwright-core';

/** Issue 15's catalogue depth on the Garments and Models screens: edit, photo, sort, count, bulk, details. */
export class CatalogEditingPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly cards = () => this.page.getByTestId('item-card');
  readonly card = (name: string) => this.cards().filter({ hasText: name });
  readonly count = () => this.page.getByTestId('catalog-count');
  readonly bulkBar = () => this.page.getByTestId('bulk-bar');
  readonly detail = () => this.page.getByTestId('item-detail');

  /** The card titles on screen (the masonry's column order, not the list order). */
  async names(): Promise<string[]> {
    return this.cards().evaluateAll((cards) => cards.map((c) => c.getAttribute('data-name') ?? ''));
  }

  /** Mantine's Select: an input that opens a listbox. */
  readonly sortBox = (label: string) => this.page.getByLabel(label, { exact: true }).first();

  async sortBy(label: string): Promise<void> {
    await this.sortBox('Sort by').click();
    await this.page.getByRole('option', { name: label }).click();
  }

  async openEdit(name: string): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await this.page.getByRole('menuitem', { name: 'Edit' }).click();
  }

  async edit(
    name: string,
    values: { name?: string; category?: string; price?: string; photo?: Buffer },
  ): Promise<void> {
    await this.openEdit(name);
    const dialog = this.page.getByRole('dialog');
    if (values.name !== undefined) await dialog.getByLabel('Name').fill(values.name);
    if (values.category !== undefined) await dialog.getByLabel('Category').fill(values.category);
    if (values.price !== undefined) await dialog.getByLabel('Price').fill(values.price);
    if (values.photo)
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: values.photo });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async select(name: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }

  async openDetail(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Details of ${name}` }).click();
    await this.detail().waitFor();
    // The drawer slides in over a fading overlay; colours are only final once it stands still.
    await this.page.waitForTimeout(500);
  }
}
