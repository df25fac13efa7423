import sharp from 'sharp';
import type { RenderResult } from '../engine.ts';
import { EngineError } from '../engine.ts';

/** Rendered images above this are refused: a try-on is a photo, not a poster. */
export const MAX_OUTPUT_BYTES = 25 * 1024 * 1024;

/**
 * The picture of a completed prediction: a base64 data URL (what we ask for, so FASHN keeps no copy) or a
 * CDN URL, downloaded with a size cap under the render's signal.
 */
export async function readOutput(output: string, signal: AbortSignal): Promise<RenderResult> {
  const bytes = output.startsWith('data:') ? fromDataUrl(output) : await download(output, signal);
  const meta = await sharp(bytes)
    .metadata()
    .catch((error: unknown) => {
      throw new EngineError('RENDER_FAILED', 'FASHN returned something that is not an image.', true, {
        cause: error,
      });
    });
  const { width, height, format } = meta;
  if (!width || !height)
    throw new EngineError('RENDER_FAILED', 'FASHN returned an image without a size.', true);
  if (format === 'jpeg' || format === 'png' || format === 'webp') {
    return { bytes, contentType: `image/${format}`, width, height };
  }
  return {
    bytes: await sharp(bytes).jpeg({ quality: 90 }).toBuffer(),
    contentType: 'image/jpeg',
    width,
    height,
  };
}

function fromDataUrl(url: string): Buffer {
  const comma = url.indexOf(',');
  if (comma < 0 || !url.slice(0, comma).endsWith(';base64')) {
    throw new EngineError('RENDER_FAILED', 'FASHN returned a malformed data URL.', true);
  }
  if ((url.length - comma) * 0.75 > MAX_OUTPUT_BYTES) {
    throw new EngineError('RENDER_FAILED', 'FASHN returned an image over the size limit.', false);
  }
  return Buffer.from(url.slice(comma + 1), 'base64');
}

async function download(url: string, signal: AbortSignal): Promise<Buffer> {
  if (!/^https?:\/\//i.test(url))
    throw new EngineError('RENDER_FAILED', 'FASHN returned no usable output URL.', true);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new EngineError('ENGINE_UNAVAILABLE', 'The rendered image could not be downloaded.', true, {
      cause: error,
    });
  }
  if (!response.ok || !response.body) {
    throw new EngineError(
      'ENGINE_UNAVAILABLE',
      `The rendered image download answered ${response.status}.`,
      true,
    );
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_OUTPUT_BYTES) {
    await response.body.cancel();
    throw new EngineError('RENDER_FAILED', 'The rendered image is over the size limit.', false);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.length;
    if (size > MAX_OUTPUT_BYTES) {
      await reader.cancel();
      throw new EngineError('RENDER_FAILED', 'The rendered image is over the size limit.', false);
    }
    chunks.push(value);
  }
}
