import { errorCodes } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import pl from './locales/pl.json';
import ru from './locales/ru.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const english = flatten(en as Tree);

describe('translations', () => {
  for (const [lang, catalogue] of Object.entries({ en, ru, pl } as Record<string, Tree>)) {
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
    it(`${lang} translates every error code of the contract and the spec's shopper message`, () => {
      expect(errorCodes.filter((code) => !flat.has(`errors.${code}`))).toEqual([]);
      expect(flat.get('tryon.noPerson')).toBeTruthy();
    });
  }
  it("keeps the spec's English wording", () => {
    expect(en.tryon.noPerson).toBe('Select person to try on.');
  });
});
