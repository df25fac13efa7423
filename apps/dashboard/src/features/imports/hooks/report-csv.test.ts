import { describe, expect, it } from 'vitest';
import { reportCsv } from './use-imports.ts';

describe('reportCsv', () => {
  it('writes one line a row, quoting what needs it, with the error code and its text', () => {
    const csv = reportCsv(
      [
        { row: 1, key: 'sku:A1', outcome: 'created', error: null, item: 'gar_1' },
        {
          row: 2,
          key: 'url:https://s.example/p?a=1,b="2"',
          outcome: 'failed',
          error: 'IMPORT_BAD_PRICE',
          item: null,
        },
        { row: 3, key: 'sku:OLD', outcome: 'removed', error: null, item: 'gar_0' },
      ],
      (code) => (code === 'IMPORT_BAD_PRICE' ? 'Bad price, "really"' : code),
    );
    expect(csv.split('\n')).toEqual([
      'row,key,outcome,error,message,item',
      '1,sku:A1,created,,,gar_1',
      '2,"url:https://s.example/p?a=1,b=""2""",failed,IMPORT_BAD_PRICE,"Bad price, ""really""",',
      '3,sku:OLD,removed,,,gar_0',
      '',
    ]);
  });
});
