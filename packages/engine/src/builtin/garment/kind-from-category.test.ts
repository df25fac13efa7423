import { describe, expect, it } from 'vitest';
import { kindFromCategory } from './kind-from-category.ts';

describe('kindFromCategory', () => {
  it.each([
    ['T-shirts', 't-shirt'],
    ['Tees & Tops', 't-shirt'],
    ['Dresses', 'dress'],
    ['Maxi dress', 'dress'],
    ['Hoodies & Sweatshirts', 'hoodie'],
    ['Jeans', 'trousers'],
    ['Trousers', 'trousers'],
    ['pants', 'trousers'],
    ['Shorts', 'shorts'],
    ['Skirts', 'skirt'],
    ['Coats and jackets', 'jacket'],
    ['Blazers', 'jacket'],
    ['Tank tops', 'tank'],
    ['Camisoles', 'tank'],
    ['Long sleeve tops', 'long-sleeve'],
    ['Sweaters', 'long-sleeve'],
    ['SHIRTS', 'long-sleeve'],
  ])('%s is a %s', (category, kind) => {
    expect(kindFromCategory(category)).toBe(kind);
  });

  it('ignores categories it has no word for', () => {
    expect(kindFromCategory('Gift cards')).toBeUndefined();
    expect(kindFromCategory('')).toBeUndefined();
    expect(kindFromCategory(undefined)).toBeUndefined();
    // Whole words only: "dressing gown" is not... a dress by its first word either.
    expect(kindFromCategory('Accessories')).toBeUndefined();
  });
});
