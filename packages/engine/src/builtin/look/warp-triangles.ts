import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Piecewise-affine warp: every mesh triangle of `source` is mapped onto the same triangle in the target
 * points. Returns RGB over `region` of the target and a coverage mask (1 where a triangle landed).
 */
export function warpTriangles(
  source: Raster,
  from: readonly Point[],
  to: readonly Point[],
  triangles: readonly number[],
  region: Region,
): { rgb: Float32Array; covered: Uint8Array } {
  const rgb = new Float32Array(region.width * region.height * 3);
  const covered = new Uint8Array(region.width * region.height);
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = to[triangles[t] ?? 0];
    const b = to[triangles[t + 1] ?? 0];
    const c = to[triangles[t + 2] ?? 0];
    const sa = from[triangles[t] ?? 0];
    const sb = from[triangles[t + 1] ?? 0];
    const sc = from[triangles[t + 2] ?? 0];
    if (!a || !b || !c || !sa || !sb || !sc) continue;
    const det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    if (Math.abs(det) < 1e-6) continue;
    const x0 = Math.max(region.left, Math.floor(Math.min(a.x, b.x, c.x)));
    const x1 = Math.min(region.left + region.width - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
    const y0 = Math.max(region.top, Math.floor(Math.min(a.y, b.y, c.y)));
    const y1 = Math.min(region.top + region.height - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        // Barycentric weights of the pixel in the target triangle; a small tolerance closes seams.
        const u = ((b.x - px) * (c.y - py) - (c.x - px) * (b.y - py)) / det;
        const v = ((c.x - px) * (a.y - py) - (a.x - px) * (c.y - py)) / det;
        const w = 1 - u - v;
        if (u < -0.01 || v < -0.01 || w < -0.01) continue;
        const sx = u * sa.x + v * sb.x + w * sc.x - 0.5;
        const sy = u * sa.y + v * sb.y + w * sc.y - 0.5;
        const o = (y - region.top) * region.width + (x - region.left);
        sample(source, sx, sy, rgb, o * 3);
        covered[o] = 1;
      }
    }
  }
  return { rgb, covered };
}

function sample(image: Raster, x: number, y: number, out: Float32Array, o: number): void {
  const cx = Math.max(0, Math.min(image.width - 1.001, x));
  const cy = Math.max(0, Math.min(image.height - 1.001, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const i = (y0 * image.width + x0) * 3;
  const j = i + image.width * 3;
  const d = image.data;
  for (let c = 0; c < 3; c++) {
    const top = (d[i + c] ?? 0) * (1 - fx) + (d[i + 3 + c] ?? 0) * fx;
    const bottom = (d[j + c] ?? 0) * (1 - fx) + (d[j + 3 + c] ?? 0) * fx;
    out[o + c] = top * (1 - fy) + bottom * fy;
  }
}
