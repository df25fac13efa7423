import sharp from 'sharp';
import type { Models } from './load-models.ts';

/**
 * Runs each model once on a blank picture: the first inference compiles the wasm kernels and allocates,
 * which would otherwise land on the first real render.
 */
export async function warmUp(models: Models): Promise<void> {
  const side = 256;
  const data = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080' } })
    .raw()
    .toBuffer();
  const tensor = models.tf.tensor3d(new Uint8Array(data), [side, side, 3], 'int32');
  try {
    await models.human.detect(tensor, { body: { enabled: true }, face: { enabled: false } });
    await models.human.detect(tensor, { body: { enabled: false }, face: { enabled: true } });
    (await models.human.segmentation(tensor))?.dispose();
  } finally {
    tensor.dispose();
  }
}
