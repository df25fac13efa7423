import { routes as contract } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { routes } from './route-table.ts';

describe('route table', () => {
  it('matches the contract for every route the dashboard calls', () => {
    for (const [group, entries] of Object.entries(routes)) {
      for (const [name, def] of Object.entries(entries)) {
        const real = (
          contract as Record<string, Record<string, { method: string; path: string; access: string }>>
        )[group]?.[name];
        expect(real, `${group}.${name}`).toBeDefined();
        expect({ method: def.method, path: def.path, access: def.access }).toEqual({
          method: real?.method,
          path: real?.path,
          access: real?.access,
        });
      }
    }
  });
});
