import { openedDialog } from '@tryon/web/e2e/settled';
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

  /** Creates a key through the dialog that asks for its name (none by default). */
  async create(kind: 'public' | 'private', name = ''): Promise<void> {
    await this.page
      .getByRole('button', { name: kind === 'public' ? 'Create public key' : 'Create private key' })
      .click();
    const dialog = await openedDialog(this.page);
    if (name) await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async createPublic(): Promise<void> {
    await this.create('public');
  }

  async createPrivate(name = ''): Promise<void> {
    await this.create('private', name);
  }

  name(kind: 'public' | 'private', row: number) {
    return (kind === 'public' ? this.publicRows() : this.privateRows()).nth(row).getByTestId('key-name');
  }

  /** Rolls a key with a grace period (its label in the list); answers the new key the dialog shows. */
  async roll(kind: 'public' | 'private', row: number, grace: string): Promise<string> {
    const rows = kind === 'public' ? this.publicRows() : this.privateRows();
    await rows.nth(row).getByTestId('roll-key').click();
    const dialog = await openedDialog(this.page);
    await dialog.getByLabel('The old key keeps working for').click();
    await this.page.getByRole('option', { name: grace }).click();
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    const fresh = await dialog.getByTestId('new-key').innerText();
    return fresh;
  }

  domains(row: number) {
    return this.publicRows().nth(row).getByLabel('Allowed domains');
  }

  /** Sets a key's status; switching off is confirmed in the dialog, whose text is answered ('' otherwise). */
  async setStatus(kind: 'public' | 'private', row: number, status: 'Active' | 'Inactive'): Promise<string> {
    const rows = kind === 'public' ? this.publicRows() : this.privateRows();
    await rows.nth(row).getByLabel('Status').selectOption({ label: status });
    if (status === 'Active') return '';
    const dialog = await openedDialog(this.page);
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
    const dialog = await openedDialog(this.page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async curlExample(which: 'tryon' | 'look'): Promise<string> {
    await this.page
      .getByRole('button', { name: which === 'tryon' ? /simple try-on with curl/ : /simple look with curl/ })
      .click();
    return this.page.getByTestId(`curl-${which}`).innerText();
  }
}
