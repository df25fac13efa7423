import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-signature.ts';

const tiny = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } });

/** An ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  for (const [index, brand] of compatible.entries()) box.write(brand, 16 + 4 * index, 'latin1');
  return Buffer.concat([box, Buffer.alloc(16)]);
}

describe('sniffImageType', () => {
  it('recognises real JPEG, PNG, WebP and AVIF files', async () => {
    expect(sniffImageType(await tiny().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await tiny().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await tiny().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await tiny().avif().toBuffer())).toBe('image/avif');
  });

  it('finds avif and avis as major or compatible brand', () => {
    expect(sniffImageType(ftyp('avif', ['mif1']))).toBe('image/avif');
    expect(sniffImageType(ftyp('avis', []))).toBe('image/avif');
    expect(sniffImageType(ftyp('mif1', ['miaf', 'avif']))).toBe('image/avif');
  });

  it('refuses other ISO media files and brands outside the ftyp box', () => {
    expect(sniffImageType(ftyp('heic', ['mif1', 'heic']))).toBeNull();
    expect(sniffImageType(ftyp('isom', ['iso2', 'mp41']))).toBeNull();
    const shortBox = ftyp('mif1', ['avif']);
    shortBox.writeUInt32BE(16, 0);
    expect(sniffImageType(shortBox)).toBeNull();
  });

  it('refuses HTML, GIF, SVG, text, truncated signatures and empty input', () => {
    for (const text of [
      '<!doctype html><html><body>not an image</body></html>',
      'GIF89a\x01\x00\x01\x00',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'RIFF\x00\x00\x00\x00WAVEfmt ',
      '',
    ]) {
      expect(sniffImageType(Buffer.from(text, 'latin1')), JSON.stringify(text)).toBeNull();
    }
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\x00\x00\x00\x00WEB', 'latin1'))).toBeNull();
  });

  it('reads from a view into a larger buffer', async () => {
    const png = await tiny().png().toBuffer();
    const padded = Buffer.concat([Buffer.from('junk'), png]);
    expect(sniffImageType(padded.subarray(4))).toBe('image/png');
    const avif = ftyp('mif1', ['avif']);
    expect(sniffImageType(Buffer.concat([Buffer.alloc(3), avif]).subarray(3))).toBe('image/avif');
  });
});
