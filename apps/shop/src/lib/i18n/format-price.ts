/**
 * A garment's price as the shopper reads it: with the shop's currency (its ISO 4217 code, a shop setting) in the
 * page's language, `29.90` and `EUR` giving `29,90 €` in Polish. A price that is not a plain number keeps its
 * text, with the code after it; without a currency the price shows as the shop wrote it.
 */
export function formatPrice(price: string, currency: string, lang: string): string {
  const text = price.trim();
  if (!text || !currency) return text;
  const amount = /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(amount)) return `${text} ${currency}`;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
  } catch {
    return `${text} ${currency}`;
  }
}
