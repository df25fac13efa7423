import { describe, expect, it } from 'vitest';
import { hostOf, isHostAllowed, parseAllowedDomains } from './allowed-domains.ts';

describe('allowed domains', () => {
  it('normalises pasted URLs, ports, case, separators and duplicates', () => {
    expect(parseAllowedDomains('https://Shop.com/p?x, shop.com:8080\n*.Shop.com  other.org.')).toEqual({
      ok: true,
      entries: ['shop.com', '*.shop.com', 'other.org'],
    });
    expect(parseAllowedDomains('')).toEqual({ ok: true, entries: [] });
    expect(parseAllowedDomains('*')).toEqual({ ok: true, entries: ['*'] });
  });

  it('keeps international names in the form browsers send, and matches them', () => {
    const parsed = parseAllowedDomains('bücher.de, *.магазин.рф');
    expect(parsed).toEqual({ ok: true, entries: ['xn--bcher-kva.de', '*.xn--80aairftm.xn--p1ai'] });
    expect(parsed.ok && isHostAllowed(parsed.entries, hostOf('https://bücher.de/p'))).toBe(true);
    expect(parsed.ok && isHostAllowed(parsed.entries, hostOf('https://www.магазин.рф'))).toBe(true);
  });

  it('refuses a URL with a space in it rather than reading two hosts', () => {
    expect(parseAllowedDomains('http://bad host/x')).toEqual({ ok: false, invalid: 'http://bad host/x' });
    expect(parseAllowedDomains('shop.com other.org')).toEqual({
      ok: true,
      entries: ['shop.com', 'other.org'],
    });
  });

  it('refuses entries that are not host names', () => {
    for (const bad of [
      'shop.*.com',
      '**.shop.com',
      '<script>',
      'a..b',
      '-a.com',
      'a_b.com',
      `${'a'.repeat(64)}.com`,
    ]) {
      expect(parseAllowedDomains(bad).ok, bad).toBe(false);
    }
  });

  it('matches exact hosts, subdomains only through *., and anything with *', () => {
    expect(isHostAllowed(['shop.com'], 'shop.com')).toBe(true);
    expect(isHostAllowed(['shop.com'], 'www.shop.com')).toBe(false);
    expect(isHostAllowed(['*.shop.com'], 'www.shop.com')).toBe(true);
    expect(isHostAllowed(['*.shop.com'], 'a.b.shop.com')).toBe(true);
    expect(isHostAllowed(['*.shop.com'], 'shop.com')).toBe(false);
    expect(isHostAllowed(['*.shop.com'], 'evilshop.com')).toBe(false);
    expect(isHostAllowed(['shop.com'], 'shop.com.evil.net')).toBe(false);
    expect(isHostAllowed(['*'], null)).toBe(true);
    expect(isHostAllowed(['shop.com'], null)).toBe(false);
    expect(isHostAllowed([], 'shop.com')).toBe(false);
  });

  it('reads hosts of http(s) origins only', () => {
    expect(hostOf('https://WWW.Shop.com:443/x')).toBe('www.shop.com');
    expect(hostOf('javascript:alert(1)')).toBeNull();
    expect(hostOf('not a url')).toBeNull();
  });
});
