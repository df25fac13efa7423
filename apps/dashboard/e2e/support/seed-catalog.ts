import { makeImage } from './images.ts';

/** `count` garments of the signed-in shop, added through the API as a shop's backend would. */
export async function seedGarments(origin: string, key: string, count: number): Promise<void> {
  const photo = await makeImage(400, 520, '#7048e8');
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `g${i}.jpg`);
    const res = await fetch(
      `${origin}/v1/garment/add?name=Seeded%20${i}&description=Seeded%20garment%20${i}`,
      {
        method: 'POST',
        headers: { tokenapi: key },
        body: form,
      },
    );
    if (res.status !== 201) throw new Error(`garment ${i}: ${res.status} ${await res.text()}`);
  }
}
