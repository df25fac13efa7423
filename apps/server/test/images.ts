import sharp from 'sharp';

/** A generated photo-like image: a plain background with a coloured shape, so nothing real is committed. */
export async function testImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  color = '#2a6fd6',
): Promise<Buffer> {
  const shape = Buffer.from(
    `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 5}" width="${width / 2}" height="${
      (height * 3) / 5
    }" fill="${color}"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#f4f4f4' } })
    .composite([{ input: shape }])
    .toFormat(format)
    .toBuffer();
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect/></svg>',
);

/** A multipart/form-data body with one file part and text fields. */
export function multipart(
  file: { name?: string; bytes: Buffer; filename?: string; type?: string } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tryon${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${
          file.filename ?? 'image.png'
        }"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
