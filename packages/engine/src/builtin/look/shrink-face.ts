import { type Raster, resizeRaster } from '../image/raster.ts';
import type { FaceMesh } from './detect-face.ts';

/**
 * The face photo and its mesh scaled down so the face is at most `width` pixels across (cheek to cheek,
 * `faceWidth` now): the warp samples it point by point, and a face several times larger than where it
 * lands would alias into grain.
 */
export async function shrinkFace(
  image: Raster,
  mesh: FaceMesh,
  faceWidth: number,
  width: number,
): Promise<{ image: Raster; mesh: FaceMesh }> {
  const k = width / faceWidth;
  if (k >= 0.9) return { image, mesh };
  const w = Math.max(1, Math.round(image.width * k));
  const h = Math.max(1, Math.round(image.height * k));
  const kx = w / image.width;
  const ky = h / image.height;
  return {
    image: await resizeRaster(image, w, h),
    mesh: { points: mesh.points.map((p) => ({ x: p.x * kx, y: p.y * ky })) },
  };
}
