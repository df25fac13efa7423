import sharp from 'sharp';

/**
 * A generated photo-like JPEG: smooth gradients, shapes and noise, so the encoder and resizer do the work a
 * real photo makes them do. No real photo is committed.
 */
export async function photoLike(width: number, height: number): Promise<Buffer> {
  const shapes = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#d9c7b0"/><stop offset="1" stop-color="#5a6f8c"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<ellipse cx="${width / 2}" cy="${height / 3}" rx="${width / 8}" ry="${height / 7}" fill="#c58f6d"/>` +
      `<rect x="${width / 3}" y="${height / 2}" width="${width / 3}" height="${height / 2}" rx="40" fill="#8a2431"/></svg>`,
  );
  const noise = await sharp({
    // sharp's types ask for a background even when noise fills the image.
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png()
    .toBuffer();
  return sharp(shapes)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
