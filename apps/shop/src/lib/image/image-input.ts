/** The spec §5 messages, word for word; the pages show a translation chosen by `reason`. */
export const INVALID_IMAGE_INPUT = 'Invalid image input: must be Blob, data-URL, or blob-URL';
export const blobFetchFailed = (status: number) => `Failed to fetch blob URL: ${status}`;

export class ImageInputError extends Error {
  readonly reason: 'invalid' | 'fetchFailed';
  readonly status?: number;

  constructor(reason: 'invalid' | 'fetchFailed', status?: number) {
    super(reason === 'invalid' ? INVALID_IMAGE_INPUT : blobFetchFailed(status ?? 0));
    this.reason = reason;
    this.status = status;
    this.name = 'ImageInputError';
  }
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]+)*);base64,([A-Za-z0-9+/=\s]*)$/;

/**
 * A face image as a Blob (spec §5): a Blob as it is, a data-URL with base64 content decoded, a blob-URL
 * fetched. Anything else is refused with 'Invalid image input: must be Blob, data-URL, or blob-URL'; a blob-URL
 * that does not answer 2xx with 'Failed to fetch blob URL: {status}'.
 */
export async function toImageBlob(input: unknown, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  if (input instanceof Blob) return input;
  if (typeof input === 'string' && input.startsWith('data:')) {
    const match = DATA_URL.exec(input);
    if (!match) throw new ImageInputError('invalid');
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      const binary = atob((match[3] ?? '').replace(/\s/g, ''));
      bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    } catch {
      throw new ImageInputError('invalid');
    }
    return new Blob([bytes], { type: match[1] || 'application/octet-stream' });
  }
  if (typeof input === 'string' && input.startsWith('blob:')) {
    const response = await fetchImpl(input);
    if (!response.ok) throw new ImageInputError('fetchFailed', response.status);
    return response.blob();
  }
  throw new ImageInputError('invalid');
}

/** The multipart body of POST /v1/face/add: the photo as the file part `file`, named camera-image.jpg. */
export function faceUploadBody(image: Blob): FormData {
  const body = new FormData();
  const file = new File([image], 'camera-image.jpg', { type: image.type || 'image/jpeg' });
  body.append('file', file, file.name);
  return body;
}
