import type { FrameLocator, Page } from 'playwright-core';

/** The outfit try-on page, at the top level or inside a shop's iframe. */
export class OutfitPage {
  private readonly root: Page | FrameLocator;

  constructor(root: Page | FrameLocator) {
    this.root = root;
  }

  readonly faces = () => this.root.getByTestId('face-thumb');
  readonly progress = () => this.root.getByTestId('render-progress');
  readonly result = () => this.root.getByTestId('tryon-result');
  readonly currentItem = () => this.root.getByTestId('current-item');
  readonly toasts = () => this.root.getByTestId('toast');
  readonly notice = () => this.root.locator('.notice');
  readonly camera = () => this.root.getByRole('dialog', { name: 'Take a photo' });
  readonly cameraPreview = () => this.camera().locator('video');
  private readonly photoPanel = () => this.root.getByRole('region', { name: 'Your photo' });

  readonly consent = () => this.root.getByTestId('photo-consent');

  /** Before the first photo the page asks the shopper to agree to what happens to it; agrees when asked. */
  async agreeIfAsked(): Promise<void> {
    await this.root
      .getByTestId('photo-input')
      .or(this.consent().first())
      .first()
      .waitFor({ state: 'attached' });
    if ((await this.consent().count()) > 0) await this.consent().first().getByRole('button').click();
  }

  async uploadPhoto(photo: Buffer): Promise<void> {
    await this.agreeIfAsked();
    await this.root
      .getByTestId('photo-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  }

  readonly takePhotoButton = () => this.photoPanel().getByRole('button', { name: 'Take a photo' });
  readonly uploadButton = () => this.photoPanel().getByText('Upload a photo');

  /** Opens the camera from the photo panel (the stage offers the same buttons while it is empty). */
  async openCamera(): Promise<void> {
    await this.agreeIfAsked();
    await this.takePhotoButton().click();
  }

  /** Takes the shot once the preview plays (the button waits for it). */
  async capture(): Promise<void> {
    await this.camera().getByRole('button', { name: 'Take photo' }).click();
  }

  async chooseGarment(name: string): Promise<void> {
    await this.root.getByTestId('garment-choice').filter({ hasText: name }).click();
  }

  async tryOn(): Promise<void> {
    await this.root.getByTestId('tryon-button').click();
  }

  /** The result picture (its signed link). */
  async resultImage(): Promise<string> {
    const src = await this.root.locator('.stage-image').first().getAttribute('src');
    if (!src) throw new Error('no result image');
    return src;
  }

  async like(): Promise<void> {
    await this.result().getByRole('button', { name: 'Like', exact: true }).click();
  }

  likeButton() {
    return this.result().getByRole('button', { name: /^(Like|Unlike)$/ });
  }

  async shareLink(): Promise<string> {
    const href = await this.root.getByTestId('share-link').getAttribute('href');
    if (!href) throw new Error('no share link');
    return href;
  }

  async removeEverything(): Promise<void> {
    await this.root.getByTestId('remove-everything').click();
    await this.root.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  }

  async removePhoto(index = 0): Promise<void> {
    await this.root.getByRole('button', { name: 'Remove photo' }).nth(index).click();
    await this.root.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  }
}
