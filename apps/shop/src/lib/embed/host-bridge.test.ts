import { afterEach, describe, expect, it } from 'vitest';
import { parentOrigin } from './host-bridge.ts';

/** As inside a frame: another parent window, and the referrer the host page's policy lets through. */
function framed(referrer: string): void {
  Object.defineProperty(window, 'parent', { value: {}, configurable: true });
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}

describe('the origin of the page that embeds the widget', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'parent');
    Reflect.deleteProperty(document, 'referrer');
  });

  it('is none at the top level, whatever the address says', () => {
    expect(parentOrigin('?embed=1&embedder=https://shop.example')).toBeNull();
  });

  it("is the referrer's origin, then the embed script's embedder= where the page sends no referrer", () => {
    framed('https://shop.example/p/1?x=1');
    expect(parentOrigin('?embed=1&embedder=https://other.example')).toBe('https://shop.example');
    framed('');
    expect(parentOrigin('?embed=1&embedder=https://shop.example:8443')).toBe('https://shop.example:8443');
    expect(parentOrigin('?embed=1&embedder=not%20a%20url')).toBeNull();
    expect(parentOrigin('?embed=1')).toBeNull();
  });
});
