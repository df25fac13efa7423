import { describe, expect, it } from 'vitest';
import { sharpAgrees, sniffImageFormat } from './image-type.ts';
import { ftyp } from './test-images.ts';

describe('sniffImageFormat', () => {
  it('recognises the four accepted types by their first bytes', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImageFormat(ftyp('avif', ['mif1', 'miaf']))).toBe('avif');
    expect(sniffImageFormat(ftyp('mif1', ['avif', 'miaf']))).toBe('avif');
    expect(sniffImageFormat(ftyp('avis', ['msf1']))).toBe('avif');
  });

  it('refuses everything else, including HEIC and truncated signatures', () => {
    for (const bytes of [
      ftyp('heic', ['mif1', 'heic']),
      ftyp('mif1', ['heic']),
      ftyp('isom', ['mp41']),
      Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'),
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from('II*\0', 'latin1'),
      Buffer.from('<svg/>'),
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ]) {
      expect(sniffImageFormat(bytes)).toBeNull();
    }
  });

  it('asks sharp to agree, and an AVIF to be AV1-coded', () => {
    expect(sharpAgrees('jpeg', { format: 'jpeg' })).toBe(true);
    expect(sharpAgrees('jpeg', { format: 'png' })).toBe(false);
    expect(sharpAgrees('avif', { format: 'heif', compression: 'av1' })).toBe(true);
    expect(sharpAgrees('avif', { format: 'heif', compression: 'hevc' })).toBe(false);
  });
});
