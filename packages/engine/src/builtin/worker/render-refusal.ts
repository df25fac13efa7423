import type { RefusalCode } from '../../engine.ts';

/** A render that finished with an answer about the photos rather than a picture. */
export class RenderRefusal extends Error {
  readonly code: RefusalCode;

  constructor(code: RefusalCode, message: string) {
    super(message);
    this.name = 'RenderRefusal';
    this.code = code;
  }
}

/** Thrown at a checkpoint once the main thread has given up on the render. */
export class RenderCancelled extends Error {
  constructor() {
    super('The render was cancelled.');
    this.name = 'RenderCancelled';
  }
}

export interface Rendered {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}
