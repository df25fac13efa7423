import type { ErrorCode } from '@tryon/contract';

/** The render failures an engine reports; each is an error code of the contract, kept on the failed item. */
export type EngineErrorCode = Extract<
  ErrorCode,
  RefusalCode | 'RENDER_TIMEOUT' | 'RENDER_FAILED' | 'ENGINE_UNAVAILABLE'
>;

/** An answer about the photos: the same inputs will never render, and the code says what to use instead. */
export type RefusalCode = Extract<
  ErrorCode,
  | 'NO_PERSON'
  | 'NO_FACE'
  | 'NO_GARMENT'
  | 'PERSON_BACK_VIEW'
  | 'PERSON_SIDE_VIEW'
  | 'PERSON_TOO_SMALL'
  | 'PERSON_ARMS_CROSSED'
  | 'PERSON_BODY_HIDDEN'
  | 'GARMENT_BACKGROUND_BUSY'
  | 'FACE_TURNED_AWAY'
  | 'FACE_COVERED'
  | 'FACE_LONG_BEARD'
>;

/**
 * A render that did not produce an image. `retryable` says whether running the same input again may succeed
 * (a timeout or an unreachable engine), as opposed to an answer about the photos (no person, no face).
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly retryable: boolean;

  constructor(code: EngineErrorCode, message: string, retryable = false, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
    this.retryable = retryable;
  }
}

export interface RenderOptions {
  /** Aborts the render; the engine rejects with RENDER_TIMEOUT when the reason is a timeout. */
  signal?: AbortSignal;
}

export interface TryOnInput {
  person: Buffer;
  garment: Buffer;
  garmentCategory?: string;
}

export interface RenderResult {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/** Who is in a photo, as far as an engine can tell: the upload check refuses none and more than one. */
export interface PersonInspection {
  /** People found: the faces seen, or one for a body seen without a face (a back view). */
  people: number;
  /** Faces large enough to be someone in the photo rather than a passer-by far behind. */
  faces: number;
  /** Whether a body with both shoulders was placed. */
  body: boolean;
}

/**
 * A render engine. Inputs are encoded images (JPEG, PNG, WebP or AVIF) that the server has already checked
 * and re-encoded. Implementations keep their models loaded between renders; `start` loads them, `close`
 * releases them.
 */
export interface RenderEngine {
  readonly name: string;
  start(): Promise<void>;
  /**
   * The garment of `garment` (a product photo) worn by the person in `person` (a photo of a person).
   * `garmentCategory`, the shop's category for the item when it gave one ("T-shirts", "Jeans"), helps tell
   * what kind of garment it is.
   */
  renderTryOn(input: TryOnInput, options?: RenderOptions): Promise<RenderResult>;
  /** The face of the shopper's photo `face` put on the person in `model`. */
  renderLook(input: { face: Buffer; model: Buffer }, options?: RenderOptions): Promise<RenderResult>;
  /**
   * Counts the people in a photo, so an upload with none or several can be refused before it is stored.
   * Optional: an engine without it (FASHN) leaves uploads unchecked. Rejects like a render (busy, timeout).
   */
  inspectPerson?(image: Buffer, options?: RenderOptions): Promise<PersonInspection>;
  close(): Promise<void>;
}
