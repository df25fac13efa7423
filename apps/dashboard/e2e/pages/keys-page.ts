import type { Page } from 'playwright-core';

export class KeysPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly publicRows = () => this.page.getByTestId('public-key-row');
  readonly privateRows = () => this.page.getByTestId('private-key-row');

  async goto(origin: string): Promise<void> {
    await this.page.goto(`${origin}/keys`);
    await this.publicRows().first().waitFor();
  }

  async createPublic(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create public key' }).click();
  }

  async createPrivate(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create private key' }).click();
  }

  domains(row: number) {
    return this.publicRows().nth(row).getByLabel('Allowed domains');
  }

  /** Sets a key's status; switching off is confirmed in the dialog, whose text is answered ('' otherwise). */
  async setStatus(kind: 'public' | 'private', row: number, status: 'Active' | 'Inactive'): Promise<string> {
    const rows = kind === 'public' ? this.publicRows() : this.privateRows();
    await rows.nth(row).getByLabel('Status').selectOption({ label: status });
    if (status === 'Active') return '';
    const dialog = this.page.getByRole('dialog');
    const text = await dialog.innerText();
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  async delete(kind: 'public' | 'private', row: number): Promise<void> {
    const rows = kind === 'public' ? this.publicRows() : this.privateRows();
    await rows
      .nth(row)
      .getByRole('button', { name: /^Delete / })
      .click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await this.page.getByRole('dialog').waitFor({ state: 'hidden' });
  }

  async curlExample(which: 'tryon' | 'look'): Promise<string> {
    await this.page
      .getByRole('button', { name: which === 'tryon' ? /simple try-on with curl/ : /simple look with curl/ })
      .click();
    return this.page.getByTestId(`curl-${which}`).innerText();
  }
}
