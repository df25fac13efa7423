import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and leaves plain text and numbers', () => {
    expect(csvCell('Linen tee')).toBe('Linen tee');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b "c"')).toBe('"a,b ""c"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps text that starts like a formula from running in a spreadsheet', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
  });
});
