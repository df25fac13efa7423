import type { BrowserContext, Page } from 'playwright-core';

/** A file part a page sent with fetch. */
export interface SentFile {
  path: string;
  field: string;
  name: string;
  type: string;
  size: number;
}

/**
 * Records the file parts of the multipart bodies the pages of `context` send with fetch. Chromium does not
 * hand the bytes of a Blob body to Playwright (`postDataBuffer()` is empty), so the page reports them itself.
 */
export async function recordSentFiles(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sent: SentFile[] = [];
    Object.defineProperty(window, '__sentFiles', { value: sent });
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        const path = new URL(String(input), location.href).pathname;
        for (const [field, value] of init.body)
          if (value instanceof File)
            sent.push({ path, field, name: value.name, type: value.type, size: value.size });
      }
      return original(input, init);
    };
  });
}

export const sentFiles = (page: Page): Promise<SentFile[]> =>
  page.evaluate(() => (window as unknown as { __sentFiles: SentFile[] }).__sentFiles);
