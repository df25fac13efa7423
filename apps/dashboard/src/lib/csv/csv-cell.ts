/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break. Text that a spreadsheet would run as a
 * formula (=, +, -, @ first: a shop's item names are anyone's text) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
