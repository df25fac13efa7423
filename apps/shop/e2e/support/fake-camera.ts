import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { shopChromiumArgs } from './embedding-site.ts';

/**
 * A camera for Chromium that films one still photo: an MJPEG file (JPEG frames one after another, which
 * Chromium's fake capture device reads and loops) written into `dir`. Chromium 156 takes Y4M as well; MJPEG
 * needs no conversion of the JPEG the fixtures make.
 */
export function fakeCameraArgs(dir: string, photo: Buffer): string[] {
  const file = path.join(dir, 'camera.mjpeg');
  writeFileSync(file, Buffer.concat([photo, photo, photo]));
  return [
    ...shopChromiumArgs,
    // Answers the permission prompt by itself; the test grants the permission to the origin as well.
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
