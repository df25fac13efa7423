import { describe, expect, it } from 'vitest';
import { matchSuggestions, withFilter } from './search-suggestions.ts';

describe('search suggestions and emoji filters (spec §3, §4)', () => {
  it('filters suggestions by a case-insensitive substring of the text', () => {
    const all = [{ label: 'T-shirt' }, { label: 'Jeans' }, { label: 'Jacket' }];
    expect(matchSuggestions(all, 'JA').map((s) => s.label)).toEqual(['Jacket']);
    expect(matchSuggestions(all, '🔥 ')).toHaveLength(3);
  });

  it('puts, swaps and removes the filter emoji at the start of the query', () => {
    expect(withFilter('jeans', 'pop')).toBe('🔥 jeans');
    expect(withFilter('🔥 jeans', 'new')).toBe('⚡ jeans');
    expect(withFilter('🔥 jeans', undefined)).toBe('jeans');
    expect(withFilter('', 'recent')).toBe('🕒');
  });
});
