import { routes } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseWriter } from './register-route.ts';

/** The compiled writer of hot routes must write what zod's encode would, field for field. */
describe('compiled response writers', () => {
  const item = {
    name: 'Blue "Jeans" ✓',
    description: 'Line one\nline two \u2028 </script>',
    url: 'https://shop.example/p/1?a=1&b=2',
    sku: null,
    image: '/v1/garment/image/gar_1?v=v1&exp=7200&sig=abc',
    width: 800,
    height: 600,
    stats: { likes: 3, tryons: 0 },
    liked: true,
    created: '2026-01-02T03:04:05.678Z',
    // Not in the contract: must not be written.
    key_hash: 'secret',
  };
  const cases = [
    {
      schema: routes.garments.list.response,
      data: {
        items: [{ guid: 'gar_1', g: 'abc', category: 'jeans', price: '9.99', ...item }],
        nextOffset: 8,
      },
    },
    {
      schema: routes.models.list.response,
      data: { items: [{ muid: 'mod_1', m: 'xyz', ...item }], nextOffset: null },
    },
    { schema: routes.garments.list.response, data: { items: [], nextOffset: null } },
  ];

  it.each(cases)('writes the same JSON as zod ($data.nextOffset)', ({ schema, data }) => {
    const written = compileResponseWriter(schema)(data);
    expect(JSON.parse(written)).toEqual(z.encode(schema as z.ZodType, data as never));
    expect(written).not.toContain('secret');
  });
});
