import { openedDialog, settled } from '@tryon/web/e2e/settled';
import type { Download, Page } from 'playwright-core';

export interface ItemFields {
  name?: string;
  description?: string;
  category?: string;
  pageUrl?: string;
}

/** The Garments and Models screens. */
export class CatalogPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly cards = () => this.page.getByTestId('item-card');
  readonly card = (name: string) => this.cards().filter({ hasText: name });
  readonly search = () => this.page.getByRole('combobox', { name: 'Search' });

  async goto(origin: string, kind: 'garments' | 'models'): Promise<void> {
    await this.page.goto(`${origin}/${kind}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  private async fill(fields: ItemFields): Promise<void> {
    if (fields.name) await this.page.getByLabel('Name', { exact: true }).fill(fields.name);
    if (fields.description)
      await this.page.getByLabel('Description', { exact: true }).fill(fields.description);
    if (fields.category) await this.page.getByLabel('Category').fill(fields.category);
    if (fields.pageUrl) await this.page.getByLabel('Product page URL').fill(fields.pageUrl);
  }

  /**
   * Opens the add form and waits for it to finish sliding open (Mantine's Collapse): a file set and the form
   * submitted while it still opened sent no request in about one run in four (the test then waited out its
   * minute for an answer); after it has settled, twelve runs in twelve passed.
   */
  async openForm(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
    await this.page.getByRole('button', { name: 'Upload' }).waitFor();
    await settled(this.page);
  }

  async uploadFile(file: { name: string; buffer: Buffer }, fields: ItemFields): Promise<void> {
    await this.openForm();
    await this.page
      .locator('input[type=file]')
      .setInputFiles({ name: file.name, mimeType: 'image/jpeg', buffer: file.buffer });
    await this.fill(fields);
    await this.page.getByRole('button', { name: 'Upload' }).click();
  }

  /**
   * Uploads an image by the form's file input and submit button, in whatever language the screen is in; the
   * form opened as `openForm` does, settled before it is used.
   */
  async uploadFileByForm(file: { name: string; buffer: Buffer }): Promise<void> {
    const form = this.page.locator('form').filter({ has: this.page.locator('input[type=file]') });
    if ((await form.count()) === 0) {
      await this.page.getByTestId('add-item').click();
      await form.locator('input[type=file]').waitFor({ state: 'attached' });
      await settled(this.page);
    }
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: file.name, mimeType: 'image/jpeg', buffer: file.buffer });
    await form.locator('button[type=submit]').click();
  }

  async addByUrl(imageUrl: string, fields: ItemFields): Promise<void> {
    await this.openForm();
    await this.page.getByLabel('or image URL').fill(imageUrl);
    await this.fill(fields);
    await this.page.getByRole('button', { name: 'Upload' }).click();
  }

  async openMenu(name: string): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
  }

  async menuItem(name: string | RegExp) {
    return this.page.getByRole('menuitem', { name });
  }

  async edit(name: string, values: { description: string; url?: string }): Promise<void> {
    await this.openMenu(name);
    await (await this.menuItem('Edit')).click();
    const dialog = await openedDialog(this.page);
    await dialog.getByLabel('Description').fill(values.description);
    if (values.url !== undefined) await dialog.getByLabel('URL').fill(values.url);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async downloadQr(name: string): Promise<Download> {
    await this.openMenu(name);
    await (await this.menuItem('View QR code')).click();
    const qr = this.page.getByTestId('qr-download');
    await qr.locator('img').waitFor();
    const [download] = await Promise.all([this.page.waitForEvent('download'), qr.click()]);
    await this.page.keyboard.press('Escape');
    return download;
  }

  /** Opens the delete confirmation and answers its text (which names the item). */
  async askDelete(name: string): Promise<string> {
    await this.openMenu(name);
    await (await this.menuItem('Delete')).click();
    return (await this.page.getByRole('dialog').innerText()).trim();
  }

  async confirmDelete(): Promise<void> {
    const dialog = await openedDialog(this.page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
