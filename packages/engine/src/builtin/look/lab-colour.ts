/**
 * CIE Lab (D65) of RGB pixels (0..255, interleaved): lightness 0..100 and the two opponent colour axes, where
 * equal steps look about equally different, so skin statistics and light can be moved channel by channel.
 */
export function rgbToLab(rgb: Float32Array): Float32Array {
  const out = new Float32Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    const r = linear(rgb[i] ?? 0);
    const g = linear(rgb[i + 1] ?? 0);
    const b = linear(rgb[i + 2] ?? 0);
    const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    out[i] = 116 * y - 16;
    out[i + 1] = 500 * (x - y);
    out[i + 2] = 200 * (y - z);
  }
  return out;
}

/** The inverse of rgbToLab, clamped to 0..255. */
export function labToRgb(lab: Float32Array): Float32Array {
  const out = new Float32Array(lab.length);
  for (let i = 0; i < lab.length; i += 3) {
    const fy = ((lab[i] ?? 0) + 16) / 116;
    const x = fInv(fy + (lab[i + 1] ?? 0) / 500) * 0.95047;
    const y = fInv(fy);
    const z = fInv(fy - (lab[i + 2] ?? 0) / 200) * 1.08883;
    out[i] = gamma(3.2406 * x - 1.5372 * y - 0.4986 * z);
    out[i + 1] = gamma(-0.9689 * x + 1.8758 * y + 0.0415 * z);
    out[i + 2] = gamma(0.0557 * x - 0.204 * y + 1.057 * z);
  }
  return out;
}

/** Steps per 8-bit level in the lookup tables: finer than any warp or blend can tell apart. */
const STEPS = 8;
const TO_LINEAR = Float32Array.from({ length: 256 * STEPS + 1 }, (_, i) => {
  const c = i / STEPS / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const GAMMA_STEPS = 8192;
const TO_GAMMA = Float32Array.from({ length: GAMMA_STEPS + 1 }, (_, i) => {
  const c = i / GAMMA_STEPS;
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
});
const linear = (v: number): number => TO_LINEAR[Math.round(Math.min(255, Math.max(0, v)) * STEPS)] ?? 0;
const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
const fInv = (t: number): number => (t > 0.206893 ? t * t * t : (t - 16 / 116) / 7.787);
function gamma(c: number): number {
  // Dark tones change fast in gamma space: they are computed, the rest looked up.
  if (c < 0.02) return Math.max(0, c <= 0.0031308 ? 12.92 * c * 255 : 255 * (1.055 * c ** (1 / 2.4) - 0.055));
  return TO_GAMMA[Math.round(Math.min(1, c) * GAMMA_STEPS)] ?? 255;
}
