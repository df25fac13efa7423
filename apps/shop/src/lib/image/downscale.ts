/** Longest side sent to the server: it keeps at most 2048 px of an original anyway. */
const MAX_SIDE = 2048;

/**
 * A phone photo made smaller before it is sent (12 megapixels in 5 MB becomes 2048 px in a few hundred KB), so
 * the upload is quick on a mobile connection. EXIF rotation is applied by the browser when it decodes. Where
 * the browser cannot decode it (an unusual format), the original goes to the server, which judges it.
 */
export async function downscalePhoto(photo: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return photo;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo);
  } catch {
    return photo;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && photo.size < 3_000_000 && photo.type === 'image/jpeg') {
    bitmap.close();
    return photo;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  return blob ?? photo;
}
