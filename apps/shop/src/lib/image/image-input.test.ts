import { describe, expect, it } from 'vitest';
import { faceUploadBody, ImageInputError, toImageBlob } from './image-input.ts';

const invalid = 'Invalid image input: must be Blob, data-URL, or blob-URL';

describe('face image input (spec §5)', () => {
  it('takes a Blob as it is', async () => {
    const blob = new Blob(['abc'], { type: 'image/jpeg' });
    expect(await toImageBlob(blob)).toBe(blob);
  });

  it('decodes a data-URL with base64 content, keeping its type', async () => {
    const blob = await toImageBlob(`data:image/png;base64,${btoa('\x89PNG')}`);
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it('refuses a data-URL without base64 content, and anything that is not a Blob or a URL of those kinds', async () => {
    for (const input of [
      'data:image/png,%89PNG',
      'data:image/png;base64,@@@',
      'https://x.example/a.jpg',
      'me.jpg',
      42,
      null,
      undefined,
      {},
    ]) {
      await expect(toImageBlob(input), String(input)).rejects.toThrow(invalid);
    }
  });

  it('fetches a blob-URL', async () => {
    const image = new Blob(['jpeg'], { type: 'image/jpeg' });
    const fetched = await toImageBlob('blob:http://tryon.test/1', async () => new Response(image));
    expect(await fetched.text()).toBe('jpeg');
  });

  it("reports a blob-URL that does not answer as 'Failed to fetch blob URL: {status}'", async () => {
    const failing = toImageBlob('blob:http://tryon.test/gone', async () => new Response('', { status: 404 }));
    await expect(failing).rejects.toThrow('Failed to fetch blob URL: 404');
    await expect(failing).rejects.toBeInstanceOf(ImageInputError);
  });

  it('sends the photo as the multipart file camera-image.jpg', () => {
    const file = faceUploadBody(new Blob(['x'], { type: 'image/jpeg' })).get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('camera-image.jpg');
  });
});
