/** Steps per 8-bit level in the lookup table: finer than any warp or blend can tell apart. */
const STEPS = 8;
const TO_LINEAR = Float32Array.from({ length: 256 * STEPS + 1 }, (_, i) => {
  const c = i / STEPS / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

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

const linear = (v: number): number => TO_LINEAR[Math.round(Math.min(255, Math.max(0, v)) * STEPS)] ?? 0;
const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
