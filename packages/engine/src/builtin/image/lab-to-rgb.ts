const GAMMA_STEPS = 8192;
const TO_GAMMA = Float32Array.from({ length: GAMMA_STEPS + 1 }, (_, i) => {
  const c = i / GAMMA_STEPS;
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
});

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

const fInv = (t: number): number => (t > 0.206893 ? t * t * t : (t - 16 / 116) / 7.787);

function gamma(c: number): number {
  // Dark tones change fast in gamma space: they are computed, the rest looked up.
  if (c < 0.02) return Math.max(0, c <= 0.0031308 ? 12.92 * c * 255 : 255 * (1.055 * c ** (1 / 2.4) - 0.055));
  return TO_GAMMA[Math.round(Math.min(1, c) * GAMMA_STEPS)] ?? 255;
}
