/** How a figure moved against the previous period: a whole percentage, or "new" when it was zero before. */
export type PeriodDelta = { kind: 'same' } | { kind: 'new' } | { kind: 'up' | 'down'; percent: number };

export function periodDelta(current: number, previous: number): PeriodDelta {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return { kind: current > previous ? 'up' : 'down', percent };
}
