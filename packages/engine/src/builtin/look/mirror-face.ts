import type { Raster } from '../image/raster.ts';
import type { FaceMesh } from './detect-face.ts';
import { MESH_MIRROR } from './mesh-mirror.ts';

/**
 * The photo flipped left to right with its mesh: point i of the flipped face is the flipped position of its
 * mirror-twin, so eyes, brows and mouth corners keep their meaning and the triangles keep their winding
 * order. No second mesh run is needed.
 */
export function mirrorFace(image: Raster, mesh: FaceMesh): { image: Raster; mesh: FaceMesh } {
  const { width, height, channels } = image;
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const from = (row + x) * channels;
      const to = (row + width - 1 - x) * channels;
      for (let c = 0; c < channels; c++) data[to + c] = image.data[from + c] ?? 0;
    }
  }
  const points = mesh.points.map((_, i) => {
    const twin = mesh.points[MESH_MIRROR[i] ?? i] ?? { x: 0, y: 0 };
    return { x: width - twin.x, y: twin.y };
  });
  return { image: { data, width, height, channels }, mesh: { points } };
}
