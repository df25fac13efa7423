import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLay } from '../../../test/fixtures/garments.ts';
import { bodies, body, personPhoto } from '../../../test/fixtures/people.ts';
import {
  landscapePhoto,
  type SamplePhoto,
  samplePhoto,
  samplesSideBySide,
} from '../../../test/fixtures/sample-photos.ts';
import type { RenderEngine } from '../../engine.ts';
import { createBuiltinEngine } from '../builtin-engine.ts';
import { merged, windowsOf } from './count-people.ts';

const noise = (width: number, height: number): Promise<Buffer> => {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = seed >> 23;
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
};

/** A staircase: grey steps, each darker, with hard edges (lines a detector could take for limbs). */
const staircase = (width: number, height: number): Promise<Buffer> => {
  const steps = 8;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    Array.from({ length: steps }, (_, i) => {
      const shade = 230 - i * 22;
      const y = (i * height) / steps;
      return `<rect x="${(i * width) / (2 * steps)}" y="${y}" width="${width}" height="${height / steps}" fill="rgb(${shade},${shade - 10},${shade - 20})"/>`;
    }).join('') +
    '</svg>';
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
};

describe('counting people (built-in engine)', () => {
  let engine: RenderEngine;

  beforeAll(async () => {
    engine = createBuiltinEngine({ workers: 1 });
    await engine.start();
  }, 180_000);
  afterAll(() => engine.close());

  const count = async (bytes: Buffer) => {
    const inspect = engine.inspectPerson;
    if (!inspect) throw new Error('the built-in engine inspects photos');
    return inspect(bytes);
  };

  it('finds nobody in noise, a staircase or a ceiling with lamps', async () => {
    for (const bytes of [await noise(640, 800), await staircase(768, 1024), await landscapePhoto()]) {
      expect(await count(bytes)).toMatchObject({ people: 0, faces: 0 });
    }
  });

  it.each<SamplePhoto>(['portrait', 'portraitWoman', 'standing', 'table', 'faceSmile'])(
    'finds one person in %s',
    async (name) => {
      expect((await count(await samplePhoto(name))).people).toBe(1);
    },
  );

  it('finds nobody in garments laid flat, though BlazePose puts a body on them', async () => {
    // A hoodie's hood and a long-sleeve's body fill the segmentation where a head and chest would be; the
    // pose's thighs lie on the backdrop below the hem, and no face shows.
    for (const kind of ['hoodie', 'long-sleeve'] as const) {
      const flat = await flatLay(kind, { proportions: 'everyday', colour: '#3d4b3d' });
      expect(await count(flat.jpeg), kind).toMatchObject({ people: 0, body: false });
    }
    // Twice as long as wide, it covers the pose's thighs; stored as the API stores uploads (WebP q90), the
    // segmentation fills its chest and neck too. Nothing stands above its neckline.
    for (const colour of ['#2c6e9e', '#c0392b']) {
      const long = await flatLay('long-sleeve', { colour });
      const webp = await sharp(long.jpeg).webp({ quality: 90 }).toBuffer();
      expect(await count(webp), colour).toMatchObject({ people: 0, body: false });
    }
  });

  it('finds one person in each shipped photo of one person, whatever the view', async () => {
    const one = bodies.filter((b) => ['studio-2', 'studio-5', 'blog-back', 'charles'].includes(b.name));
    for (const photo of one) expect((await count(await personPhoto(photo))).people, photo.name).toBe(1);
  });

  it('sees the bystander beside the man in the yellow blazer', async () => {
    expect((await count(await personPhoto(body('mariya-a')))).people).toBe(2);
  });

  it('finds several people in photos put side by side', async () => {
    const two = await count(await samplesSideBySide(['portrait', 'portraitWoman']));
    expect(two.people).toBe(2);
    const three = await count(await samplesSideBySide(['portraitShirt', 'faceSmile', 'portrait'], 300, 420));
    expect(three.people).toBe(3);
  });

  it('leaves the face detector as the render steps expect it', async () => {
    await count(await samplesSideBySide(['portrait', 'portraitWoman']));
    const look = await engine.renderLook({
      face: await samplePhoto('portraitWoman', 512, 512),
      model: await samplePhoto('table'),
    });
    expect(look.width).toBeGreaterThan(0);
  });
});

describe('windows and merging', () => {
  it('covers a portrait photo with the whole and six half-size squares', () => {
    const windows = windowsOf({ width: 768, height: 1024 });
    expect(windows).toHaveLength(7);
    for (const w of windows.slice(1)) {
      expect(w.size).toBe(512);
      expect(w.left).toBeGreaterThanOrEqual(0);
      expect(w.left + w.size).toBeLessThanOrEqual(768);
      expect(w.top + w.size).toBeLessThanOrEqual(1024);
    }
  });

  it('takes a face seen in two windows once, and two faces apart as two', () => {
    const a = { x: 100, y: 100, size: 60, score: 0.9 };
    expect(merged([a, { x: 110, y: 96, size: 58, score: 0.8 }])).toHaveLength(1);
    expect(merged([a, { x: 200, y: 100, size: 60, score: 0.8 }])).toHaveLength(2);
  });
});
