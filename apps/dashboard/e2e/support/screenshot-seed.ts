import type { E2eServer } from '../../../server/test/e2e-server.ts';
import { readCodeFromOutbox } from '../../../server/test/read-code-from-outbox.ts';
import { finishedRender } from '../../../server/test/render-row.ts';
import { startReceiver, type WebhookReceiver } from '../../../server/test/webhook-receiver.ts';
import { ADMIN_EMAIL } from './dashboard-server.ts';
import { makeImage, startImageHost } from './images.ts';
import { seedRenders } from './renders.ts';

const garments = [
  ['Linen shirt', 'Breathable linen, relaxed fit', 't-shirt', '#e8590c', 640, 800, '39.90'],
  ['Denim jacket', 'Classic blue denim with brass buttons', 'jacket', '#1971c2', 600, 600, '89'],
  ['Summer dress', 'Floral print, midi length', 'dress', '#d6336c', 500, 900, '59.50'],
  ['Wool sweater', 'Merino wool, crew neck', 'sweater', '#5f3dc4', 700, 700, '75'],
  ['Slim jeans', 'Stretch denim, dark wash', 'jeans', '#1864ab', 480, 860, '49.99'],
  ['Silk blouse', 'Ivory silk with pearl buttons', 'blouse', '#f08c00', 600, 760, '120'],
  ['Rain coat', 'Waterproof, hooded', 'coat', '#2b8a3e', 620, 900, '140'],
  ['Basic tee', 'Organic cotton', 't-shirt', '#495057', 600, 600, '15'],
  ['Pleated skirt', 'A-line, knee length', 'skirt', '#c2255c', 560, 640, '45'],
  ['Chino shorts', 'Cotton twill', 'shorts', '#a07a3f', 600, 520, '35'],
] as const;

export interface Seeded {
  owner: string;
  admin: string;
  suid: string;
  /** Starts a slow CSV import of the owner's (new rows each time), so the import dialog shows progress. */
  startImport(): Promise<void>;
  close(): Promise<void>;
}

export async function signIn(origin: string, dataDir: string, email: string): Promise<string> {
  await fetch(`${origin}/v1/user/mail/register?email=${email}`, { method: 'POST' });
  const code = readCodeFromOutbox(dataDir, email);
  const response = await fetch(`${origin}/v1/user/mail/signin?email=${email}&code=${code}`, {
    method: 'POST',
  });
  return ((await response.json()) as { apiKey: string }).apiKey;
}

export async function call(origin: string, key: string, route: string, body?: FormData) {
  const response = await fetch(`${origin}${route}`, { method: 'POST', headers: { tokenapi: key }, body });
  if (response.status >= 300) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** A shop's failed try-on, as the render queue leaves one (the engine fails a photo only by chance). */
async function addFailedRender(server: E2eServer, suid: string) {
  const now = Date.now();
  await server.runtime.db.db
    .insertInto('renders')
    .values(
      finishedRender({ id: 'try_screens_failed', shop_suid: suid }, now, {
        client_id: 'screens-shopper-01',
        token: 'tok_screens_failed',
        status: 'failed',
        error_code: 'MULTIPLE_PEOPLE',
      }),
    )
    .execute();
}

/**
 * Sample data for the screenshots, through the API as a shop would make it: garments with prices and likes,
 * a try-on and a look rendered by the real engine, a webhook with deliveries, a failed render, an admin and a
 * second shop. Images are generated; the people are the engine's shipped sample photos.
 */
export async function seedForScreenshots(server: E2eServer): Promise<Seeded> {
  const { origin, dataDir } = server;
  const owner = await signIn(origin, dataDir, 'owner@bluejeans.shop');
  await call(origin, owner, `/v1/shop/update?name=${encodeURIComponent('Blue Jeans Store')}`);
  const account = (await (
    await fetch(`${origin}/v1/user/account`, { headers: { tokenapi: owner } })
  ).json()) as { activeApiKeys: { public: { apiKey: string }[] } };
  const suid = (
    (await (await fetch(`${origin}/v1/user`, { headers: { tokenapi: owner } })).json()) as { suid: string }
  ).suid;
  const shopper = {
    tokenapi: account.activeApiKeys.public[0]?.apiKey ?? '',
    clientuuid: 'screens-shopper-01',
  };
  for (const [name, description, category, color, width, height, price] of garments) {
    const form = new FormData();
    const image = await makeImage(width, height, color);
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
    const query = new URLSearchParams({
      name,
      description,
      category,
      price,
      url: 'https://bluejeans.shop/p/1',
    });
    const item = await call(origin, owner, `/v1/garment/add?${query}`, form);
    if (name.length % 2 === 0)
      await fetch(`${origin}/v1/garment/like/${item.guid}`, { method: 'POST', headers: shopper });
  }
  await seedRenders(origin, owner);
  await call(origin, owner, '/v1/user/key/add?kind=public&allowed_domains=bluejeans.shop,*.bluejeans.shop');
  await fetch(`${origin}/v1/garment/list?query=jeans`, { headers: shopper });
  await addFailedRender(server, suid);

  const receiver: WebhookReceiver = await startReceiver();
  const hook = await call(
    origin,
    owner,
    `/v1/webhook/add?url=${encodeURIComponent(receiver.url('/tryon-hooks'))}&events=tryon.completed,tryon.failed`,
  );
  const hookId = hook.id ?? '';
  await call(origin, owner, `/v1/webhook/test?id=${hookId}`);
  receiver.answer(500, 'upstream timeout');
  await call(origin, owner, `/v1/webhook/test?id=${hookId}`);

  const images: Record<string, Buffer> = {};
  for (let i = 0; i < 6; i++)
    images[`p${i}.jpg`] = await makeImage(500, 640, ['#c33', '#3a7', '#36c'][i % 3] ?? '#c33');
  const host = await startImageHost(images, 3000);
  let run = 0;
  const startImport = async () => {
    run += 1;
    const rows = Array.from(
      { length: 12 },
      (_, i) => `R${run}-${i},Imported ${run}-${i},,t-shirt,${10 + i},${host.url(`p${i % 6}.jpg`)},`,
    );
    const form = new FormData();
    const csv = ['sku,name,description,category,price,image_url,product_url', ...rows].join('\n');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalog.csv');
    // One import runs at a time: while the last is still going, the dialog shows that one.
    await call(origin, owner, '/v1/import/csv?kind=garment', form).catch((error: Error) =>
      console.log(`import not started: ${error.message}`),
    );
  };

  const admin = await signIn(origin, dataDir, ADMIN_EMAIL);
  await call(origin, admin, '/v1/shop/add?email=hello@greenwear.shop&name=Green%20Wear');
  return {
    owner,
    admin,
    suid,
    startImport,
    close: async () => {
      await receiver.close();
      await host.close();
    },
  };
}
