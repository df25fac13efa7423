import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iframeSnippet, scriptSnippet, simpleCurl } from './snippets.ts';

const apiGuide = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/api.md'), 'utf8');

describe('guide snippets', () => {
  it('are the curl examples of the API guide, on this server', () => {
    for (const kind of ['tryon', 'look'] as const) {
      expect(apiGuide).toContain(simpleCurl(kind, 'http://localhost:8080'));
    }
    expect(simpleCurl('tryon', 'https://t.example/')).toMatch(
      /^curl -X POST https:\/\/t\.example\/v1\/tryon\/simple /,
    );
  });

  it('load the embed script with the key and the garment or model code', () => {
    expect(scriptSnippet('tryon', 'G7K2', 'pk_abc', 'https://t.example')).toBe(
      '<script src="https://t.example/w/embed.js" data-key="pk_abc" data-garment="G7K2" async></script>',
    );
    expect(scriptSnippet('look', 'M1', 'pk_abc', 'https://t.example')).toContain('data-model="M1"');
  });

  it('embed the agreed page address with the key and the camera allowed', () => {
    const html = iframeSnippet('tryon', 'G7K2', 'pk_abc', 'https://t.example');
    expect(html).toContain('src="https://t.example/w/tryon?g=G7K2&hideIntro=1&key=pk_abc"');
    expect(html).toContain('allow="camera');
    expect(iframeSnippet('look', 'M1', 'pk_abc', 'https://t.example')).toContain(
      '/w/look?m=M1&hideIntro=1&key=pk_abc',
    );
  });
});
