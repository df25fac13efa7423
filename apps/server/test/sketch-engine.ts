import {
  EngineError,
  type PersonInspection,
  type RenderEngine,
  type RenderOptions,
  type RenderResult,
  type TryOnInput,
} from '@tryon/engine';
import sharp from 'sharp';

/**
 * A render engine for server tests, which are about charging, jobs and access, not about pictures (the real
 * engine has its own tests, and one server test runs it end to end). It pastes the garment, scaled down,
 * onto the middle of the person photo. A photo of one flat colour has "no person" (NO_PERSON). Tests can
 * hold renders back, make the next ones fail, and count what ran. Its person check sees nobody in a flat
 * colour and one person in anything else, unless a test says how many the next photos show.
 */
export class SketchEngine implements RenderEngine {
  readonly name = 'sketch';
  rendered = 0;
  /** Renders that failed as `failNext` said. */
  failed = 0;
  /** The shop's category each try-on was asked with, in order (undefined when none). */
  categories: (string | undefined)[] = [];
  /** People in the next inspected photos, one number each; then the flat-colour rule. */
  people: number[] = [];
  inspected = 0;
  private inspectGate: Promise<void> | null = null;
  private failures: EngineError[] = [];
  private gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.release();
  }

  /** Renders wait until `release` is called. */
  hold(): void {
    this.gate ??= new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  release(): void {
    this.openGate?.();
    this.gate = null;
    this.inspectGate = null;
    this.openGate = null;
  }

  /** The next renders fail with these errors, one each. */
  failNext(...errors: EngineError[]): void {
    this.failures.push(...errors);
  }

  /** Person checks wait (until `release`), as on an engine busy with renders. */
  holdInspections(): void {
    this.inspectGate ??= new Promise((resolve) => {
      const open = this.openGate;
      this.openGate = () => {
        open?.();
        resolve();
      };
    });
  }

  async inspectPerson(image: Buffer, options?: RenderOptions): Promise<PersonInspection> {
    this.inspected++;
    if (this.inspectGate) await this.waitFor(this.inspectGate, options?.signal);
    const told = this.people.shift();
    const { channels } = await sharp(image).stats();
    const people = told ?? (channels.every((c) => c.stdev < 1) ? 0 : 1);
    return { people, faces: people, body: people > 0 };
  }

  private waitFor(gate: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
    return Promise.race([
      gate,
      new Promise<never>((_, reject) =>
        signal?.addEventListener('abort', () => reject(new EngineError('RENDER_TIMEOUT', 'aborted', true))),
      ),
    ]);
  }

  renderTryOn(input: TryOnInput, options?: RenderOptions): Promise<RenderResult> {
    this.categories.push(input.garmentCategory);
    return this.paste(input.person, input.garment, options);
  }

  renderLook(input: { face: Buffer; model: Buffer }, options?: RenderOptions): Promise<RenderResult> {
    return this.paste(input.model, input.face, options);
  }

  private async paste(base: Buffer, overlay: Buffer, options?: RenderOptions): Promise<RenderResult> {
    if (this.gate) await this.waitFor(this.gate, options?.signal);
    const failure = this.failures.shift();
    if (failure) {
      this.failed++;
      throw failure;
    }
    const { channels } = await sharp(base).stats();
    if (channels.every((c) => c.stdev < 1)) throw new EngineError('NO_PERSON', 'No person in a flat image.');
    const meta = await sharp(base).metadata();
    const width = meta.width ?? 1;
    const height = meta.height ?? 1;
    const patch = await sharp(overlay)
      .resize(Math.max(1, Math.round(width / 2)), Math.max(1, Math.round(height / 2)), { fit: 'fill' })
      .toBuffer();
    const bytes = await sharp(base)
      .composite([{ input: patch, gravity: 'center' }])
      .jpeg()
      .toBuffer();
    this.rendered++;
    return { bytes, contentType: 'image/jpeg', width, height };
  }
}
