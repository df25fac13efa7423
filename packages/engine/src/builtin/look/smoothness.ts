/** Local lightness deviation (Lab L) up to which a surface is smooth like skin... */
const SMOOTH = 5;
/** ...and from which it is textured like hair (curls, strands), not skin. */
const TEXTURED = 10;

/**
 * How smooth each pixel's neighbourhood is, 0 (textured, like curls or strands of hair) to 1 (smooth, like
 * skin, shaded or not): the deviation of Lab lightness around it, from `around`, a small blur, over the
 * pixels `among` weighs (those of skin colour: the edge of a neck against a dark top is not texture). Hair
 * of the skin's own colour passes any colour test; its texture tells it apart.
 */
export function smoothness(
  lab: Float32Array,
  among: Float32Array,
  around: (values: Float32Array) => Float32Array,
): Float32Array {
  const n = lab.length / 3;
  const l = new Float32Array(n);
  const sq = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const v = lab[i * 3] ?? 0;
    const w = among[i] ?? 0;
    l[i] = v * w;
    sq[i] = v * v * w;
  }
  const mean = around(l);
  const meanSq = around(sq);
  const weight = around(among);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const w = weight[i] ?? 0;
    if (w < 1e-3) continue;
    const m = (mean[i] ?? 0) / w;
    const sd = Math.sqrt(Math.max(0, (meanSq[i] ?? 0) / w - m * m));
    out[i] = Math.min(1, Math.max(0, (TEXTURED - sd) / (TEXTURED - SMOOTH)));
  }
  return out;
}
