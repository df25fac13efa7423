import type { Page } from 'playwright-core';

/** The menu and header around every signed-in screen. */
export class AppShell {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly menu = () => this.page.getByRole('navigation', { name: /menu|меню/i });
  readonly menuLink = (name: string | RegExp) => this.menu().getByRole('link', { name });

  async open(name: string | RegExp): Promise<void> {
    await this.menuLink(name).click();
  }

  async menuLabels(): Promise<string[]> {
    return (await this.menu().getByRole('link').allInnerTexts()).map(
      (text) => text.split('\n')[0]?.trim() ?? '',
    );
  }

  async chooseLanguage(value: 'en' | 'ru' | 'pl'): Promise<void> {
    await this.page.getByTestId('language-select').last().selectOption(value);
  }

  toast(text: string | RegExp) {
    return this.page.getByText(text).first();
  }
}
