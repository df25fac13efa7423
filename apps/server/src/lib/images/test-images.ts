import { crc32, deflateSync } from 'node:zlib';
import type { ErrorCode } from '@tryon/contract';
import sharp, { type Sharp } from 'sharp';
import { expect } from 'vitest';
import { AppError } from '../app-error.ts';

/** Test images are made here, in memory, so no image file is committed. Noise keeps encoders honest. */
export function noise(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp({
    create: {
      width,
      height,
      channels,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

export function flat(width: number, height: number, colour: { r: number; g: number; b: number }): Sharp {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

/**
 * A PNG whose IHDR declares any size, followed by a few bytes of real image data: a pixel flood in under
 * a hundred bytes. Decoding it would try to allocate width x height x 3 bytes.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, not interlaced
  const firstRow = deflateSync(Buffer.alloc(1 + 3 * Math.min(width, 16)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', firstRow),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A real baseline JPEG with the frame header (SOF0) rewritten to declare another size. */
export function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let offset = 2; offset + 9 < copy.length; ) {
    if (copy[offset] !== 0xff) throw new Error('not at a JPEG marker');
    const marker = copy[offset + 1];
    if (marker === 0xc0) {
      copy.writeUInt16BE(height, offset + 5);
      copy.writeUInt16BE(width, offset + 7);
      return copy;
    }
    offset += 2 + copy.readUInt16BE(offset + 2);
  }
  throw new Error('no SOF0 marker');
}

/** The start of an ISO-BMFF file: an `ftyp` box with the given brands (HEIC, AVIF...). */
export function ftyp(major: string, compatible: string[]): Buffer {
  const body = Buffer.from(`${major}\0\0\0\0${compatible.join('')}`, 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from('ftyp', 'latin1'), body, Buffer.alloc(64)]);
}

export async function expectAppError(
  promise: Promise<unknown>,
  code: ErrorCode,
  message?: string,
): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(code);
  if (message !== undefined) expect(appError.message).toBe(message);
  return appError;
}
