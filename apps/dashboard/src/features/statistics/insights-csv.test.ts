import type { StatsInsights } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { insightsCsv } from './insights-csv.ts';
import { statsFileName, statsPeriod } from './stats-period.ts';

const totals = (tryon: number, failed: number) => ({
  tryon,
  client: 10,
  garment: 2,
  person: 1,
  search: 4,
  view: 7,
  shoppers: 3,
  failed,
});
const insights: StatsInsights = {
  days: 7,
  current: totals(6, 1),
  previous: totals(2, 0),
  topGarments: [
    { id: 'gar_1', code: 'ln1', name: 'Linen tee, "white"', tryons: 2, likes: 1 },
    { id: 'gar_2', code: 'dn1', name: '=cmd', tryons: 1, likes: 0 },
  ],
  topModels: [{ id: 'mod_1', code: 'm1', name: 'Anna', tryons: 3, likes: 2 }],
  failedRenders: [
    { id: 'try_9', kind: 'tryon', errorCode: 'NO_PERSON', created: '2026-11-25T10:00:00.000Z' },
  ],
};

describe('insightsCsv', () => {
  it('writes the totals against the period before, the top items ranked, and the failed renders', () => {
    const lines = insightsCsv(insights, false).split('\r\n');
    expect(lines[0]).toBe(
      'section,metric,current,previous,rank,id,code,name,tryons,likes,kind,error_code,created',
    );
    expect(lines).toContain('period,tryon,6,2,,,,,,,,,');
    expect(lines).toContain('period,failed,1,0,,,,,,,,,');
    expect(lines.filter((l) => l.startsWith('period,'))).toHaveLength(7);
    expect(lines).toContain('top_garments,,,,1,gar_1,ln1,"Linen tee, ""white""",2,1,,,');
    expect(lines).toContain("top_garments,,,,2,gar_2,dn1,'=cmd,1,0,,,");
    expect(lines).toContain('top_models,,,,1,mod_1,m1,Anna,3,2,,,');
    expect(lines).toContain('failed_renders,,,,,try_9,,,,,tryon,NO_PERSON,2026-11-25T10:00:00.000Z');
    expect(lines.at(-1)).toBe('');
  });

  it('adds the search figure only for administrators', () => {
    expect(insightsCsv(insights, false)).not.toContain('period,search');
    expect(insightsCsv(insights, true)).toContain('period,search,4,4,');
  });
});

describe('statsPeriod', () => {
  it('names the last days up to today in UTC, in the file name too', () => {
    const period = statsPeriod(7, new Date('2026-11-25T23:30:00-02:00'));
    expect(period).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(statsFileName('insights', period)).toBe('statistics-insights-2026-11-20-to-2026-11-26.csv');
    expect(statsPeriod(1, new Date('2026-03-01T00:00:00Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });
});
