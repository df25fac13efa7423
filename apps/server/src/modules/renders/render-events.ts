import { EventEmitter } from 'node:events';

/**
 * In-process news of finished renders, so a waiting request answers at once when the render ran in this
 * process. Waits also re-read the database on a timer, which covers renders finished by other processes.
 */
export class RenderEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  finished(id: string): void {
    this.emitter.emit(id);
  }

  /** Resolves when `id` finishes here or after `ms`, whichever comes first. */
  next(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(id, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.once(id, done);
    });
  }
}
