import { errorCodes } from '@tryon/contract';
import { describe, expect, it } from 'vitest';

export type Catalogue = { [key: string]: string | Catalogue };

function flatten(tree: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/**
 * The completeness tests of a front end's catalogues (house rule 7): each language has every key of English
 * and no other, no empty text, the same {{placeholders}}, and a text for every error code of the contract.
 */
export function describeTranslations(catalogues: { en: Catalogue } & Record<string, Catalogue>): void {
  const english = flatten(catalogues.en);
  describe('translations', () => {
    for (const [lang, catalogue] of Object.entries(catalogues)) {
      const flat = flatten(catalogue);
      it(`${lang} has every key of en and no other`, () => {
        expect([...english.keys()].filter((k) => !flat.has(k))).toEqual([]);
        expect([...flat.keys()].filter((k) => !english.has(k))).toEqual([]);
      });
      it(`${lang} has no empty text and keeps every {{placeholder}}`, () => {
        for (const [key, text] of flat) {
          expect(text.trim(), key).not.toBe('');
          expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
        }
      });
      it(`${lang} translates every error code of the contract`, () => {
        expect(errorCodes.filter((code) => !flat.has(`errors.${code}`))).toEqual([]);
      });
    }
  });
}
