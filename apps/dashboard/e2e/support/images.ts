import { createServer, type Server } from 'node:http';
import sharp from 'sharp';

/** A generated photo-like image (nothing real is committed): a plain background with a coloured shape. */
export async function makeImage(width: number, height: number, color: string): Promise<Buffer> {
  const shape = Buffer.from(
    `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 6}" width="${width / 2}" height="${
      (height * 2) / 3
    }" rx="${width / 12}" fill="${color}"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#eef1f5' } })
    .composite([{ input: shape }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A local image host for add-by-URL (the server may fetch from it with URL_IMPORT_ALLOW_PRIVATE=1); `delayMs`
 * holds each answer back, so an import's progress can be seen.
 */
export async function startImageHost(
  images: Record<string, Buffer>,
  delayMs = 0,
): Promise<{ url: (name: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const image = images[(request.url ?? '').replace(/^\//, '')];
    if (!image) {
      response.writeHead(404).end();
      return;
    }
    setTimeout(
      () =>
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length }).end(image),
      delayMs,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
