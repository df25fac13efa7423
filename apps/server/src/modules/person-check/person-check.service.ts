import type { PersonInspection } from '@tryon/engine';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** Whatever counts the people in a photo: the engine in this process, or a worker over BullMQ. */
export interface PersonInspector {
  inspect(image: Buffer, timeoutMs: number): Promise<PersonInspection>;
  close?(): Promise<void>;
}

/**
 * The person check at upload: a shopper's or a model photo must show exactly one person, or it is refused
 * (NO_PERSON, MULTIPLE_PEOPLE) before anything is stored or charged. When the check cannot run (the engine
 * busy past the timeout, loading, or unreachable) the photo is accepted: the render refuses it later with
 * its own code and refunds, which is better than refusing good photos whenever the engine is busy.
 */
export class PersonCheck {
  private readonly inspector: PersonInspector | null;
  private readonly timeoutMs: number;
  private readonly log: FastifyBaseLogger;

  constructor(inspector: PersonInspector | null, timeoutMs: number, log: FastifyBaseLogger) {
    this.inspector = inspector;
    this.timeoutMs = timeoutMs;
    this.log = log;
  }

  /** Whether uploads are checked at all (PERSON_CHECK=on and an engine that can count people). */
  get enabled(): boolean {
    return this.inspector !== null;
  }

  /** Throws NO_PERSON or MULTIPLE_PEOPLE; answers whether the check ran. */
  async requireOnePerson(image: Buffer): Promise<boolean> {
    if (!this.inspector) return false;
    let found: PersonInspection;
    try {
      found = await this.inspector.inspect(image, this.timeoutMs);
    } catch (error) {
      this.log.warn({ err: error }, 'person check did not run; the photo is accepted unchecked');
      return false;
    }
    if (found.people === 0) throw new AppError('NO_PERSON');
    if (found.people > 1) throw new AppError('MULTIPLE_PEOPLE');
    return true;
  }

  async close(): Promise<void> {
    await this.inspector?.close?.();
  }
}
