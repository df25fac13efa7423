import { describe, expect, it } from 'vitest';
import { formatPeriod } from './format-period.ts';

describe('the retention period in the photo wording', () => {
  it("names whole days with the language's plural forms, and hours below a day", () => {
    expect(formatPeriod(30, 'en')).toBe('30 days');
    expect(formatPeriod(1, 'en')).toBe('1 day');
    expect(formatPeriod(30, 'ru')).toBe('30 дней');
    expect(formatPeriod(2, 'ru')).toBe('2 дня');
    expect(formatPeriod(30, 'pl')).toBe('30 dni');
    expect(formatPeriod(1.2, 'en')).toBe('2 days');
    expect(formatPeriod(0.25, 'pl')).toBe('6 godzin');
  });
});
