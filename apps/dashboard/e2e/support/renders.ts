import { flatLayShirt } from '../../../../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../../../packages/engine/test/fixtures/sample-photos.ts';

/**
 * The budget of a test that seeds renders: a cold render worker takes about 8 s on an idle machine and several
 * times that while CI runs the other files, on top of the screens' own minute.
 */
export const RENDERS_TIMEOUT = 180_000;

interface Seeded {
  tuid: string;
  luid: string;
}

/**
 * A try-on and a look of the signed-in shop, rendered by the server's real built-in engine on photos that a
 * package ships (cropped at run time; no photo is committed), through the API as a shop's backend would.
 */
export async function seedRenders(origin: string, key: string): Promise<Seeded> {
  const headers = { tokenapi: key, accept: 'application/json' };
  const upload = async (path: string, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
    const res = await fetch(`${origin}${path}`, { method: 'POST', headers, body: form });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  const post = async (path: string) => {
    const res = await fetch(`${origin}${path}`, { method: 'POST', headers });
    if (res.status !== 202) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  // A render queued behind the other test files' work on a busy CI machine can take longer than one long poll:
  // it is asked again while it is still queued or running (two minutes at most), and fails on any other end.
  const done = async (path: string) => {
    const until = Date.now() + 120_000;
    for (;;) {
      const res = await fetch(`${origin}${path}?wait=30`, { headers });
      const body = (await res.json()) as Record<string, string>;
      if (body.status === 'done') return;
      const pending = body.status === 'queued' || body.status === 'running';
      if (!pending || Date.now() > until) throw new Error(`${path} ended ${JSON.stringify(body)}`);
    }
  };
  const garment = await upload('/v1/garment/add', await flatLayShirt(), 'shirt.jpg');
  const model = await upload('/v1/model/add', await samplePhoto('standing', 768, 1024), 'model.jpg');
  const faceModel = await upload(
    '/v1/model/add',
    await samplePhoto('portraitWoman', 768, 768),
    'face-model.jpg',
  );
  const face = await upload('/v1/face/add', await samplePhoto('portrait', 512, 512), 'camera-image.jpg');
  const tryOn = await post(`/v1/tryon/add?guid=${garment.guid}&muid=${model.muid}`);
  const look = await post(`/v1/look/add?fuid=${face.fuid}&muid=${faceModel.muid}`);
  await done(`/v1/tryon/${tryOn.tuid}`);
  await done(`/v1/look/${look.luid}`);
  return { tuid: tryOn.tuid ?? '', luid: look.luid ?? '' };
}
