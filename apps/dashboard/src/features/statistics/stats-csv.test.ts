import type { Stats } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { statsCsv } from './stats-csv.ts';

const day = (curdate: string, user_count: number, action_count: number) => ({
  curdate,
  user_count,
  action_count,
});
const stats: Stats = {
  tryon: [day('2026-11-22', 1, 3), day('2026-11-23', 2, 5)],
  client: [day('2026-11-22', 4, 9), day('2026-11-23', 6, 11)],
  person: [day('2026-11-22', 0, 0), day('2026-11-23', 1, 1)],
  garment: [day('2026-11-22', 0, 7), day('2026-11-23', 0, 8)],
  view: [day('2026-11-22', 5, 12), day('2026-11-23', 3, 4)],
  search: [day('2026-11-22', 2, 2), day('2026-11-23', 0, 0)],
  totals: { user_count: 8, action_count: 20 },
};

describe('statsCsv', () => {
  it('writes one row a day, oldest first, each series as shoppers and actions', () => {
    expect(statsCsv(stats, false).split('\r\n')).toEqual([
      'date,tryon_user_count,tryon_action_count,client_user_count,client_action_count,person_user_count,person_action_count,garment_user_count,garment_action_count,view_user_count,view_action_count',
      '2026-11-22,1,3,4,9,0,0,0,7,5,12',
      '2026-11-23,2,5,6,11,1,1,0,8,3,4',
      '',
    ]);
  });

  it('adds the search series only for administrators', () => {
    const [header, first] = statsCsv(stats, true).split('\r\n');
    expect(header?.endsWith(',search_user_count,search_action_count')).toBe(true);
    expect(first?.endsWith(',2,2')).toBe(true);
  });
});
