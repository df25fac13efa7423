/**
 * The pixels of a `w` x `h` grid (indices, a row after another) reached from `seeds` through 4-neighbours for
 * which `passes` holds, each once: the seeds first (as given, repeats dropped), then in the order reached.
 */
export function flood(
  seeds: Iterable<number>,
  w: number,
  h: number,
  passes: (i: number) => boolean,
): number[] {
  const seen = new Uint8Array(w * h);
  const reached: number[] = [];
  for (const i of seeds) {
    if (seen[i]) continue;
    seen[i] = 1;
    reached.push(i);
  }
  const visit = (j: number): void => {
    if (seen[j] || !passes(j)) return;
    seen[j] = 1;
    reached.push(j);
  };
  for (let next = 0; next < reached.length; next++) {
    const i = reached[next] ?? 0;
    const x = i % w;
    if (i >= w) visit(i - w);
    if (i + w < w * h) visit(i + w);
    if (x > 0) visit(i - 1);
    if (x < w - 1) visit(i + 1);
  }
  return reached;
}
