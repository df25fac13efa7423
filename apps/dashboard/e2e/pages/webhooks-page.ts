import { openedDialog } from '@tryon/web/e2e/settled';
import type { Page } from 'playwright-core';

/** The Webhooks screen: endpoints, the secret shown once, and an endpoint's delivery log. */
export class WebhooksPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly rows = () => this.page.getByTestId('webhook-row');
  readonly deliveryRows = () => this.page.getByTestId('delivery-row');
  readonly secret = () => this.page.getByTestId('webhook-secret');

  async goto(origin: string): Promise<void> {
    await this.page.goto(`${origin}/webhooks`);
    await this.page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  }

  async add(url: string, events: string[]): Promise<string> {
    await this.page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(url);
    for (const type of ['tryon.completed', 'tryon.failed']) {
      if (!events.includes(type)) await dialog.getByLabel(type).uncheck();
    }
    for (const type of events) await dialog.getByLabel(type).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    return this.readSecretAndClose();
  }

  /** Reads the secret of the open secret dialog, copies it with the button, and closes the dialog. */
  async readSecretAndClose(): Promise<string> {
    const dialog = this.page.getByRole('dialog', { name: 'Signing secret' });
    await dialog.waitFor();
    const secret = (await this.secret().innerText()).trim();
    await dialog.getByRole('button', { name: 'Copy the secret' }).click();
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return secret;
  }

  async roll(url: string): Promise<string> {
    await this.page.getByRole('button', { name: `Roll secret: ${url}` }).click();
    return this.readSecretAndClose();
  }

  async newOneOffSecret(): Promise<string> {
    await this.page.getByRole('button', { name: 'New one-off secret' }).click();
    return this.readSecretAndClose();
  }

  enabledSwitch(url: string) {
    return this.page.getByRole('switch', { name: `Enabled: ${url}` });
  }

  async openLog(row: number): Promise<void> {
    await this.rows().nth(row).getByRole('button', { name: 'Deliveries' }).click();
    await this.page.getByTestId('delivery-log').waitFor();
  }

  async sendTest(): Promise<void> {
    await this.page.getByRole('button', { name: 'Send test event' }).click();
  }

  async resend(row: number): Promise<void> {
    await this.deliveryRows().nth(row).getByRole('button', { name: 'Resend' }).click();
  }

  async delete(url: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${url}` }).click();
    const dialog = await openedDialog(this.page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
