import type { Page } from 'playwright-core';
import { readCodeFromOutbox } from '../../../server/test/read-code-from-outbox.ts';

export class LoginPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly email = () => this.page.getByLabel('E-mail');
  readonly sendButton = () => this.page.getByRole('button', { name: /Send code|Sending/ });
  readonly digit = (n: number) => this.page.getByLabel(`Digit ${n} of 4`);

  async goto(origin: string): Promise<void> {
    await this.page.goto(`${origin}/login`);
    await this.email().waitFor();
  }

  async requestCode(address: string): Promise<void> {
    await this.email().fill(address);
    await this.sendButton().click();
    await this.digit(1).waitFor();
  }

  /** Types a code into the boxes, as a person would (each digit moves focus on; the fourth submits). */
  async typeCode(code: string): Promise<void> {
    await this.digit(1).focus();
    await this.page.keyboard.type(code, { delay: 20 });
  }

  async signIn(origin: string, dataDir: string, address: string): Promise<void> {
    await this.goto(origin);
    await this.requestCode(address);
    await this.typeCode(readCodeFromOutbox(dataDir, address));
    await this.page.waitForURL(`${origin}/shop`);
  }
}
