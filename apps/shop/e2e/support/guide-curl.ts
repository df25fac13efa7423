import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';

const run = promisify(execFile);

/**
 * Runs the curl command a simple-API guide shows, verbatim, as a reader would: in a folder holding the photos
 * it names, with the one placeholder a reader fills in (their private key). Answers the file it wrote.
 */
export async function runGuideCurl(options: {
  browser: Browser;
  origin: string;
  guide: 'simple-tryon' | 'simple-look';
  privateKey: string;
  photos: Record<string, Buffer>;
  output: string;
}): Promise<Buffer> {
  const reader = await options.browser.newPage();
  await reader.goto(`${options.origin}/w/guide/${options.guide}`);
  const command = await reader.getByTestId(`curl-${options.guide.replace('simple-', '')}`).innerText();
  await reader.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-guide-'));
  try {
    for (const [name, photo] of Object.entries(options.photos)) writeFileSync(path.join(dir, name), photo);
    await run('bash', ['-c', command.replace('sk_...', options.privateKey)], { cwd: dir });
    return readFileSync(path.join(dir, options.output));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The size a JPEG declares in its frame header, or null when the bytes are no JPEG. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes.readUInt16BE(0) !== 0xffd8) return null;
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}
