import { routes as contract } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { routes } from './route-table.ts';

describe('route table', () => {
  it('names each route exactly as the contract does', () => {
    for (const [group, defs] of Object.entries(routes)) {
      for (const [name, def] of Object.entries(defs)) {
        const real = (contract as Record<string, Record<string, typeof def>>)[group]?.[name];
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
