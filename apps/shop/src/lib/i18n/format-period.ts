/**
 * How long a shopper's photo is kept, for the photo wording, in the page's language with its plural forms
 * (`30 days`, `30 дней`, `30 dni`): whole days, rounded up (the deletion runs hourly, never early), and hours
 * below a day.
 */
export function formatPeriod(days: number, lang: string): string {
  const [unit, value] = days >= 1 ? ['day', Math.ceil(days)] : ['hour', Math.max(1, Math.ceil(days * 24))];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
