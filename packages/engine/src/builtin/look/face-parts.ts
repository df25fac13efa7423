/**
 * FaceMesh indices of the parts a look treats differently. The right side is the subject's right (left in
 * the photo); the left side's twins come from MESH_MIRROR.
 */
export const FACE_PARTS = {
  /** Brow and eye of one side: their hull is always the shopper's, whatever its colour. */
  rightBrowAndEye: [
    156, 70, 63, 105, 66, 107, 55, 193, 35, 124, 46, 53, 52, 65, 226, 31, 228, 229, 230, 231, 232, 233, 244,
    113, 225, 224, 223, 222, 221, 189,
  ],
  leftBrowAndEye: [
    383, 300, 293, 334, 296, 336, 285, 417, 265, 353, 276, 283, 282, 295, 446, 261, 448, 449, 450, 451, 452,
    453, 464, 342, 445, 444, 443, 442, 441, 413,
  ],
  /** Bridge, tip and wings: nostrils are dark but are the shopper's nose. */
  nose: [
    168, 6, 197, 195, 5, 4, 1, 19, 94, 2, 98, 327, 129, 358, 64, 294, 49, 279, 48, 278, 102, 331, 115, 344,
    220, 440,
  ],
  lips: [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146],
  /** The lips' inner contour, corner to corner: upper lip then lower lip. */
  upperInnerLip: [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308],
  lowerInnerLip: [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308],
  /** Where skin colour is sampled: mid-cheeks and the nose bridge, rarely under hair or in deep shade. */
  skinSamples: [205, 425, 195],
} as const;

/**
 * Triangles across the opening between the lips, which FaceMesh's own triangulation leaves as a hole: a strip
 * between the upper and lower inner contours, so a shopper's teeth (or closed lips) are carried too.
 */
export const MOUTH_TRIANGLES: readonly number[] = FACE_PARTS.upperInnerLip.slice(0, -1).flatMap((u, k) => {
  const up = FACE_PARTS.upperInnerLip;
  const low = FACE_PARTS.lowerInnerLip;
  const next = up[k + 1] ?? u;
  const below = low[k] ?? u;
  const belowNext = low[k + 1] ?? u;
  const out: number[] = [];
  if (next !== belowNext) out.push(u, next, belowNext);
  if (u !== below) out.push(u, belowNext, below);
  return out;
});

/** Single FaceMesh landmarks the look's steps measure by (the subject's right and left, as the mesh names them). */
export const LANDMARK = {
  rightEyeOuter: 33,
  leftEyeOuter: 263,
  rightCheekEdge: 234,
  leftCheekEdge: 454,
  noseTip: 1,
  betweenEyes: 168,
  chin: 152,
  upperLip: 0,
  lowerLip: 17,
  mouthRight: 61,
  mouthLeft: 291,
} as const;
