import { describe, expect, it } from 'vitest';
import { reportCsv } from './use-imports.ts';

describe('reportCsv', () => {
  it('writes one line a row, quoting what needs it, with the error code and its text with its values', () => {
    const csv = reportCsv(
      [
        { row: 1, key: 'sku:A1', outcome: 'created', error: null, details: null, item: 'gar_1' },
        {
          row: 2,
          key: 'url:https://s.example/p?a=1,b="2"',
          outcome: 'failed',
          error: 'IMPORT_BAD_PRICE',
          details: null,
          item: null,
        },
        { row: 3, key: 'sku:OLD', outcome: 'removed', error: null, details: null, item: 'gar_0' },
        {
          row: 4,
          key: 'sku:A4',
          outcome: 'failed',
          error: 'IMAGE_TOO_SMALL',
          details: { width: 80, height: 80, minWidth: 256, minHeight: 256 },
          item: null,
        },
      ],
      (code, details) =>
        code === 'IMPORT_BAD_PRICE'
          ? 'Bad price, "really"'
          : `${code} ${details?.width}x${details?.height} < ${details?.minWidth}x${details?.minHeight}`,
    );
    expect(csv.split('\n')).toEqual([
      'row,key,outcome,error,message,item',
      '1,sku:A1,created,,,gar_1',
      '2,"url:https://s.example/p?a=1,b=""2""",failed,IMPORT_BAD_PRICE,"Bad price, ""really""",',
      '3,sku:OLD,removed,,,gar_0',
      '4,sku:A4,failed,IMAGE_TOO_SMALL,IMAGE_TOO_SMALL 80x80 < 256x256,',
      '',
    ]);
  });
});
