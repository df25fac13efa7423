import { boxBlur } from '../image/box-blur.ts';
import type { Raster } from '../image/raster.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { grainNoise } from './grain.ts';

/** How much of the photo's colour cast the garment takes on (1 = all of it). */
const CAST = 0.4;

/** A photo whose pixels' channels differ this little (mean, and nearly all of them) has no colour. */
const MONO_MEAN_SPREAD = 3;
const MONO_HIGH_SPREAD = 10;

/**
 * Lays the garment canvas on the photo: its edge softened by a pixel, its colours cast like the photo's
 * light (the mean colour of its near-neutral pixels against neutral grey), and the person's shadows from the
 * garment applied around it. In a black-and-white (or toned) photo the garment is too: a colour garment in
 * a photo without colour is the plainest sign of a paste. In a dim photo the garment is darkened to it
 * (`exposureOf`). The photo's `grain` (`skinGrain`) goes on the garment too, the same offset on every
 * channel. Changes `photo` in place.
 */
export function composite(photo: Raster, canvas: GarmentCanvas, photoShade: Float32Array, grain = 0): void {
  const { width: w, height: h } = canvas;
  const cast = colourCast(photo);
  const tone = monochromeTone(photo);
  const exposure = exposureOf(photo);
  // The edge is softened by blurring coverage and colour premultiplied by it, so the pixel just outside the
  // garment takes the garment's colour at low coverage rather than the canvas's empty black.
  const red = boxBlur(premultiplied(canvas, 0), w, h, 1);
  const green = boxBlur(premultiplied(canvas, 1), w, h, 1);
  const blue = boxBlur(premultiplied(canvas, 2), w, h, 1);
  const blurred = boxBlur(canvas.alpha, w, h, 1);
  const gains: [number, number, number] = [
    (1 + CAST * (cast[0] - 1)) * exposure,
    (1 + CAST * (cast[1] - 1)) * exposure,
    (1 + CAST * (cast[2] - 1)) * exposure,
  ];
  const toned = tone
    ? ([tone[0] * exposure, tone[1] * exposure, tone[2] * exposure] as [number, number, number])
    : null;
  lay(photo, canvas, { red, green, blue, soft: blurred }, { shade: photoShade, grain, tone: toned, gains });
}

/** Channel `k` of the canvas's colour premultiplied by its coverage. */
function premultiplied(canvas: GarmentCanvas, k: number): Float32Array {
  const n = canvas.width * canvas.height;
  const channel = new Float32Array(n);
  for (let i = 0; i < n; i++) channel[i] = (canvas.rgb[i * 3 + k] ?? 0) * (canvas.alpha[i] ?? 0);
  return channel;
}

/**
 * Lays the canvas on the photo, pixel by pixel (see `composite`): `layers` are the canvas's colours
 * premultiplied by its coverage and the coverage itself, each blurred by a pixel. A loop of its own, with the
 * channels in locals: in `composite`'s body, reading them through an array of arrays, V8 compiled it again
 * on every try-on.
 */
function lay(
  photo: Raster,
  canvas: GarmentCanvas,
  layers: { red: Float32Array; green: Float32Array; blue: Float32Array; soft: Float32Array },
  light: {
    shade: Float32Array;
    grain: number;
    tone: [number, number, number] | null;
    gains: [number, number, number];
  },
): void {
  const { width: w, height: h } = canvas;
  const { red, green, blue, soft: blurred } = layers;
  const { shade: photoShade, grain, tone, gains } = light;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = y * w + x;
      const i = ((y + canvas.top) * photo.width + (x + canvas.left)) * 3;
      const soft = blurred[c] ?? 0;
      // Half the blurred edge, half the sharp one: soft, but not a halo.
      const a = (Math.min(canvas.alpha[c] ?? 0, soft) + soft) / 2;
      const shade = photoShade[c] ?? 1;
      // The photo's grain on the garment: a flat lay's clean colour in a noisy photo reads as pasted.
      const speck = grain > 0 && a > 0 ? grain * grainNoise(i / 3) : 0;
      const r = soft > 0 ? (red[c] ?? 0) / soft : 0;
      const g = soft > 0 ? (green[c] ?? 0) / soft : 0;
      const b = soft > 0 ? (blue[c] ?? 0) / soft : 0;
      const luma = tone ? 0.299 * r + 0.587 * g + 0.114 * b : 0;
      for (let k = 0; k < 3; k++) {
        const under = (photo.data[i + k] ?? 0) * shade;
        const over = tone ? luma * (tone[k] ?? 1) : (k === 0 ? r : k === 1 ? g : b) * (gains[k] ?? 1);
        photo.data[i + k] = Math.round(Math.min(255, Math.max(0, under * (1 - a) + (over + speck) * a)));
      }
    }
  }
}

/** A photo exposed as most are shows its whites (its brightest half percent of pixels) at least this light. */
const WHITE_LEVEL = 235;
/** Below it, the garment is darkened by this power of the photo's white level against WHITE_LEVEL. */
const EXPOSURE_POWER = 0.8;
/** The photo's white level: its lightness that this share of its pixels pass. */
const WHITE_SHARE = 0.005;

/**
 * How much darker than its flat lay the garment is laid (1: not at all): a dim photo (a party at night, a
 * dark room) shows nothing as light as a flat lay's white, and a white or bright garment in it glows as a
 * paste. The photo's white level (the lightness its brightest half percent pass) under WHITE_LEVEL scales the
 * garment down by EXPOSURE_POWER of their ratio: a photo may be dim, or only hold nothing white.
 */
function exposureOf(photo: Raster): number {
  const counts = new Uint32Array(256);
  const d = photo.data;
  const n = photo.width * photo.height;
  let samples = 0;
  for (let i = 0; i < n; i += 7) {
    const l = Math.min(
      255,
      Math.round(0.299 * (d[i * 3] ?? 0) + 0.587 * (d[i * 3 + 1] ?? 0) + 0.114 * (d[i * 3 + 2] ?? 0)),
    );
    counts[l] = (counts[l] ?? 0) + 1;
    samples++;
  }
  let above = 0;
  let white = 255;
  while (white > 0 && above + (counts[white] ?? 0) <= WHITE_SHARE * samples) above += counts[white--] ?? 0;
  return white >= WHITE_LEVEL ? 1 : (Math.max(1, white) / WHITE_LEVEL) ** EXPOSURE_POWER;
}

/**
 * Near-neutral pixels tell the light's colour: their channels differ by less than this share of the
 * brightest one (a white shirt, a grey wall, teeth under a warm light stay within it; a teal backdrop or a
 * red dress do not).
 */
const NEUTRAL_CHROMA = 0.3;
/** Fewer near-neutral samples than this share of the photo's tell nothing: no cast. */
const MIN_NEUTRAL = 0.005;

/**
 * Per-channel gain that takes neutral grey to the colour of the photo's light at the same brightness, read
 * on its near-neutral pixels (grey-world over what should be grey): a saturated backdrop (a teal wall, an
 * orange one) is a colour in the scene, not the light, and tinted a white garment that the person beside it
 * would not be.
 */
function colourCast(photo: Raster): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  let count = 0;
  let samples = 0;
  const d = photo.data;
  const n = photo.width * photo.height;
  for (let i = 0; i < n; i += 7) {
    samples++;
    const pr = d[i * 3] ?? 0;
    const pg = d[i * 3 + 1] ?? 0;
    const pb = d[i * 3 + 2] ?? 0;
    const high = Math.max(pr, pg, pb);
    // Too dark to carry a colour, or clipped (a blown highlight is white whatever the light).
    if (high < 30 || high > 250) continue;
    if (high - Math.min(pr, pg, pb) > NEUTRAL_CHROMA * high) continue;
    r += pr;
    g += pg;
    b += pb;
    count++;
  }
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  if (y <= 0 || count < MIN_NEUTRAL * samples) return [1, 1, 1];
  // Half of the cast, at most 15 %: what looks grey may still be a tinted thing.
  const gain = (v: number): number => Math.max(0.85, Math.min(1.15, 1 + (v / y - 1) * 0.5));
  return [gain(r), gain(g), gain(b)];
}

/**
 * The one hue of a photo without colour, as a gain a channel that keeps brightness (1, 1, 1 for black and
 * white, warm for sepia), or null for a photo in colour: each pixel is compared with the photo's mean hue at
 * its own brightness, and a photo is toned when they differ little on average and nearly everywhere.
 */
/** Every this many pixels is read to tell a monochrome photo. */
const MONO_STRIDE = 7;

function monochromeTone(photo: Raster): [number, number, number] | null {
  const n = photo.width * photo.height;
  const d = photo.data;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < n; i += MONO_STRIDE) {
    r += d[i * 3] ?? 0;
    g += d[i * 3 + 1] ?? 0;
    b += d[i * 3 + 2] ?? 0;
  }
  const total = r + g + b;
  if (total <= 0) return null;
  const hr = r / total;
  const hg = g / total;
  const hb = b / total;
  // How far each sampled pixel strays from a grey of the photo's mean hue (no arrays made a pixel: this runs
  // over every photo, nearly all of them in colour).
  const spreads = new Float32Array(Math.ceil(n / MONO_STRIDE));
  let count = 0;
  let sum = 0;
  for (let i = 0; i < n; i += MONO_STRIDE) {
    const pr = d[i * 3] ?? 0;
    const pg = d[i * 3 + 1] ?? 0;
    const pb = d[i * 3 + 2] ?? 0;
    const bright = pr + pg + pb;
    const spread = Math.max(
      Math.abs(pr - bright * hr),
      Math.abs(pg - bright * hg),
      Math.abs(pb - bright * hb),
    );
    spreads[count++] = spread;
    sum += spread;
  }
  const mean = sum / Math.max(1, count);
  if (mean >= MONO_MEAN_SPREAD) return null;
  const sorted = spreads.subarray(0, count).sort();
  const high = sorted[Math.floor(count * 0.98)] ?? 0;
  if (high >= MONO_HIGH_SPREAD) return null;
  // Scaled so that the tone keeps a grey's luma.
  const luma = 0.299 * hr + 0.587 * hg + 0.114 * hb;
  return [hr / luma, hg / luma, hb / luma];
}
