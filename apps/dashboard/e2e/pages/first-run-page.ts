import type { Page } from 'playwright-core';

/** The Shop screen's first-run part: checklist, embed snippet, test try-on. */
export class FirstRunPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  readonly checklist = () => this.page.getByTestId('first-run');
  readonly step = (id: 'garment' | 'domainKey' | 'snippet' | 'tryon') => this.page.getByTestId(`step-${id}`);
  readonly snippet = () => this.page.getByTestId('embed-code');
  readonly result = () => this.page.getByTestId('test-tryon-result');

  async goto(origin: string): Promise<void> {
    await this.page.goto(`${origin}/shop`);
    await this.checklist()
      .or(this.page.getByRole('button', { name: /checklist/ }))
      .waitFor();
  }

  /** The ids of the steps shown as done, in order. */
  async doneSteps(): Promise<string[]> {
    const steps = this.checklist().locator('[data-done="true"]');
    return (await steps.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''))).map(
      (id) => id.replace('step-', ''),
    );
  }

  async copySnippet(): Promise<void> {
    await this.page.getByRole('button', { name: 'Copy snippet' }).click();
  }

  async runTestTryon(photo: Buffer): Promise<void> {
    const section = this.page.locator('#test-tryon');
    await section
      .locator('input[type=file]')
      .setInputFiles({ name: 'sample.jpg', mimeType: 'image/jpeg', buffer: photo });
    await section.getByRole('button', { name: 'Run test try-on' }).click();
  }
}
