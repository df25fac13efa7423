import { describe, expect, it } from 'vitest';
import { routes } from './index.ts';
import { routeTable } from './route-table.ts';

describe('route table', () => {
  it('has every route of the contract, with its method, path and access', () => {
    const pick = (table: Record<string, Record<string, { method: string; path: string; access: string }>>) =>
      Object.fromEntries(
        Object.entries(table).map(([group, defs]) => [
          group,
          Object.fromEntries(
            Object.entries(defs).map(([name, d]) => [
              name,
              { method: d.method, path: d.path, access: d.access },
            ]),
          ),
        ]),
      );
    expect(pick(routeTable)).toEqual(pick(routes));
  });
});
