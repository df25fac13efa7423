import type { Point } from '../geometry/point.ts';
import { dist, norm } from '../geometry/point.ts';
import { insidePolygon } from '../geometry/polygon.ts';
import { channelSpreadAt, lumaAt, type Raster } from '../image/raster.ts';
import { percentile } from '../image/statistics.ts';

/** Eye outlines (FaceMesh), the subject's right eye first; the corners are the first and ninth points. */
const EYES = [
  [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
] as const;
/** The cheek under each eye (FaceMesh), in the order of EYES: a face lit from one side is read side by side. */
const CHEEKS = [205, 425] as const;
/** Cheek samples: discs of this share of the face width around those points. */
const SAMPLE_RADIUS = 0.07;
/** The skin under a lens is at most this share of its cheek's lightness (shade under a bare eye is ~0.75). */
const BAND_DARK = 0.6;
/** ... and evenly so: even its lighter tenth stays below this share (a shadow under a bare eye fades out). */
const BAND_EVEN = 0.7;
/** Behind a lens even the brightest tenth of the eye is no lighter than the cheek (a bare eye's white is). */
const EYE_DARK = 1;
/**
 * A lens is one dark pane: the eye inside it and the band below differ by at most this share of the cheek.
 * A bare eye in a shadow is much darker than the skin under it (pupil, lashes).
 */
const PANE = 0.15;
/**
 * A bare eye's darkest tenth (iris, pupil, lashes) is at most this share of its cheek's lightness (0.03-0.47
 * on the quality bench's portraits); an eye behind a lock of light hair shows none so dark.
 */
const IRIS_SHOWN = 0.5;
/** ... and on the same face the other eye's darkest tenth is this dark: the one eye is hidden, not lit. */
const IRIS_PLAIN = 0.25;
/** Beyond this yaw (degrees) the far eye is small and shaded, and the two eyes are not compared. */
const FRONTAL = 20;
/** Brow points (FaceMesh), outer end to inner, in EYES' order of sides: the top of the skin above each eye. */
const BROWS = [
  [70, 63, 105, 66, 107],
  [300, 293, 334, 296, 336],
] as const;
/**
 * Glare on a lens: a pixel above the eye lighter than its cheek by this share of the way to white, and grey
 * (channels within `GLARE_GREY` of the brightest). Skin there is no lighter than the cheek, and brow hair
 * is dark.
 */
const GLARE_LIGHT = 0.35;
const GLARE_GREY = 0.15;
/**
 * Glasses that reflect the light hide the eye when this share of the skin between brow and eye is glare:
 * the two shipped photos of a man in such glasses read 0.28 and 0.30 on the near eye; every other face, bare
 * or in clear glasses, at most 0.08 (a shiny lid; white glitter make-up reads 0.07, and 0.17 with greys taken
 * up to a spread of 0.25).
 */
const GLARE_SHARE = 0.15;

/**
 * Whether an eye is hidden behind dark glasses (or a hand, or a thick strand of hair): the band of skin
 * below the eye is evenly far darker than the cheek on its side, the eye shows nothing as light as that
 * cheek, where a bare eye has its white, and eye and band are one dark pane. A look cannot carry eyes it
 * cannot see, nor paint the shopper's eyes over a model's lenses. Each eye is read against its own side's
 * cheek, so a face lit from one side is not taken for glasses. Lightness is Rec. 601 luma: only its ratios
 * to the same face's cheek are read.
 */
export function eyesHidden(image: Raster, mesh: readonly Point[]): boolean {
  return eitherEye(image, mesh, (outline, skin) => {
    const { eye: inEye, band } = eyeAndBand(image, outline);
    if (!inEye.length || !band.length) return false;
    const bandLight = percentile(band, 0.5);
    return (
      bandLight < BAND_DARK * skin &&
      percentile(band, 0.9) < BAND_EVEN * skin &&
      percentile(inEye, 0.9) < EYE_DARK * skin &&
      Math.abs(percentile(inEye, 0.5) - bandLight) < PANE * skin
    );
  });
}

/**
 * Whether, on a face turned to the camera, one eye shows no dark iris while the other does: that eye is behind
 * something light, as a lock of blond hair, which passes the look's skin test and would be carried over the
 * model's face as streaks. Each eye's darkest tenth is read against its own side's cheek, as `eyesHidden`
 * does, and the eyes are compared only within `FRONTAL` degrees of yaw (a turned face's far eye is shaded).
 */
export function eyeUnderHair(image: Raster, mesh: readonly Point[], yaw: number): boolean {
  if (Math.abs(yaw) > FRONTAL) return false;
  const at = (i: number): Point => mesh[i] ?? { x: 0, y: 0 };
  const xs = mesh.map((p) => p.x);
  const faceWidth = Math.max(1, Math.max(...xs) - Math.min(...xs));
  const darkest = EYES.map((eye, side) => {
    const skin = cheekLight(image, at(CHEEKS[side] ?? 0), faceWidth * SAMPLE_RADIUS);
    const { eye: inEye } = eyeAndBand(image, eye.map(at));
    return skin > 0 && inEye.length ? percentile(inEye, 0.1) / skin : 0;
  });
  return Math.max(...darkest) > IRIS_SHOWN && Math.min(...darkest) < IRIS_PLAIN;
}

/**
 * Whether light reflected in glasses hides an eye: much of the skin between brow and eye is bright and grey,
 * far lighter than the cheek on its side. Carried over, such lenses came out as white panes over the model's
 * eyes, half an eye showing under them.
 */
export function glassesGlare(image: Raster, mesh: readonly Point[]): boolean {
  return eitherEye(image, mesh, (outline, skin, side) => {
    // Along the brow, outer end to inner, then back along the eye's upper lid (inner corner to outer).
    const brow = (BROWS[side] ?? []).map((i) => mesh[i] ?? { x: 0, y: 0 });
    const above = [...brow, ...outline.slice(8), outline[0] ?? { x: 0, y: 0 }];
    const light = skin + GLARE_LIGHT * (255 - skin);
    let area = 0;
    let glare = 0;
    const xs = above.map((p) => p.x);
    const ys = above.map((p) => p.y);
    pixels(image, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), (x, y, l) => {
      const p = { x, y };
      if (!insidePolygon(p, above) || insidePolygon(p, outline)) return;
      area++;
      const i = y * image.width + x;
      const top = Math.max(image.data[i * 3] ?? 0, image.data[i * 3 + 1] ?? 0, image.data[i * 3 + 2] ?? 0);
      if (l > light && channelSpreadAt(image, i) < GLARE_GREY * top) glare++;
    });
    return area > 0 && glare > area * GLARE_SHARE;
  });
}

/**
 * Whether `test` holds for either eye, given its outline and the lightness of the cheek on its side (an eye
 * whose cheek reads black is passed over).
 */
function eitherEye(
  image: Raster,
  mesh: readonly Point[],
  test: (outline: Point[], skin: number, side: number) => boolean,
): boolean {
  const at = (i: number): Point => mesh[i] ?? { x: 0, y: 0 };
  const xs = mesh.map((p) => p.x);
  const faceWidth = Math.max(1, Math.max(...xs) - Math.min(...xs));
  return EYES.some((eye, side) => {
    const skin = cheekLight(image, at(CHEEKS[side] ?? 0), faceWidth * SAMPLE_RADIUS);
    return skin > 0 && test(eye.map(at), skin, side);
  });
}

function cheekLight(image: Raster, c: Point, r: number): number {
  const cheek: number[] = [];
  pixels(image, c.x - r, c.y - r, c.x + r, c.y + r, (x, y, l) => {
    if (norm(x - c.x, y - c.y) <= r) cheek.push(l);
  });
  return percentile(cheek, 0.5);
}

/**
 * Lightness inside the eye's outline, and in the band under it, in the eye's own frame (corners along x):
 * from just below the lower lid to most of an eye-width down, a little wider than the eye.
 */
function eyeAndBand(image: Raster, outline: Point[]): { eye: number[]; band: number[] } {
  const a = outline[0] ?? { x: 0, y: 0 };
  const b = outline[8] ?? a;
  const cx = (a.x + b.x) / 2;
  const cy = (a.y + b.y) / 2;
  const half = Math.max(1, dist(b, a) / 2);
  const flip = b.x < a.x ? -1 : 1;
  const ux = (flip * (b.x - a.x)) / (2 * half);
  const uy = (flip * (b.y - a.y)) / (2 * half);
  // "Down" for the eye: its axis turned a quarter clockwise (image y grows downward).
  const dx = -uy;
  const dy = ux;
  const lid = Math.max(...outline.map((p) => (p.x - cx) * dx + (p.y - cy) * dy));
  const eye: number[] = [];
  const band: number[] = [];
  const reach = lid + half * 0.7;
  pixels(
    image,
    cx - half * 1.2 - reach,
    cy - half - reach,
    cx + half * 1.2 + reach,
    cy + reach,
    (x, y, l) => {
      const along = (x - cx) * ux + (y - cy) * uy;
      const down = (x - cx) * dx + (y - cy) * dy;
      if (insidePolygon({ x, y }, outline)) eye.push(l);
      else if (Math.abs(along) <= half * 1.15 && down >= lid + half * 0.15 && down <= reach) band.push(l);
    },
  );
  return { eye, band };
}

function pixels(
  image: Raster,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  visit: (x: number, y: number, lightness: number) => void,
): void {
  for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(image.height - 1, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(image.width - 1, Math.ceil(x1)); x++) {
      visit(x, y, lumaAt(image, y * image.width + x));
    }
  }
}
