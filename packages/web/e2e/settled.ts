import type { Locator, Page } from 'playwright-core';

/**
 * Waits until no finite CSS transition or animation runs. axe measures contrast from computed colours (a
 * menu still fading in reads as low contrast), and a click aimed at a dialog's button while the dialog still
 * slides in can land beside it: Playwright reads the button's box as stable across the frames before Mantine
 * starts the transition, then the box moves. Endless animations (a spinner) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round += 1) {
      // Two frames: a transition a component starts on the next frame (Mantine's) has begun by then.
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** The page's open dialog once it has finished opening, so that what is clicked in it is where it was seen. */
export async function openedDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await settled(page);
  return dialog;
}
