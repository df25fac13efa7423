/** The middle of the values (the upper one of an even count), undefined for none. */
export function median(values: ArrayLike<number>): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1];
}

/** The value a share `q` (0 to 1) of the way up the sorted values (the lower of two), 0 for none. */
export function percentile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
}
