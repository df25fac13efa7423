import type { GarmentKind } from './garment.ts';

/** Shop category words, matched as whole words in any case; the first that matches wins. */
const CATEGORY_WORDS: [RegExp, GarmentKind][] = [
  [/\b(hoodies?|hooded|sweatshirts?|hoody)\b/i, 'hoodie'],
  [
    /\b(jackets?|coats?|blazers?|parkas?|anoraks?|cardigans?|bombers?|windbreakers?|gilets?|trench)\b/i,
    'jacket',
  ],
  [/\b(dress|dresses|gowns?|sundress(es)?|frocks?)\b/i, 'dress'],
  [/\b(skirts?|skorts?)\b/i, 'skirt'],
  [/\b(shorts|bermudas?|trunks)\b/i, 'shorts'],
  [
    /\b(trousers?|pants|jeans|chinos?|leggings|joggers|slacks|sweatpants|trackpants|culottes|dungarees|jeggings)\b/i,
    'trousers',
  ],
  [/\b(tanks?|tank tops?|camisoles?|camis?|vests?|singlets?|sleeveless)\b/i, 'tank'],
  [
    /\b(long[- ]?sleeves?d?|longsleeves?|sweaters?|jumpers?|pullovers?|knitwear|turtlenecks?|shirts?|blouses?)\b/i,
    'long-sleeve',
  ],
  [/\b(t-?shirts?|tees?|tops?|polos?|polo shirts?)\b/i, 't-shirt'],
];

/** The kind a shop's category names, or undefined when no word of it is known. */
export function kindFromCategory(category: string | undefined): GarmentKind | undefined {
  if (!category) return undefined;
  // T-shirts before shirts: "T-shirts" also holds the word "shirts".
  if (/\bt-?shirts?\b|\btees?\b/i.test(category)) return 't-shirt';
  for (const [pattern, kind] of CATEGORY_WORDS) if (pattern.test(category)) return kind;
  return undefined;
}
