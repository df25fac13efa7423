import { routes } from '@tryon/contract';
import { type Api, api, ok, profileOf, upload } from './api.ts';
import { signIn, type TestApp, withKey } from './harness.ts';
import { testImage } from './images.ts';

/** A signed-in shop with its public key, one garment and one model: what render tests start from. */
export interface ShopFixture {
  owner: string;
  publicKey: string;
  suid: string;
  guid: string;
  muid: string;
  /** Headers of a shopper's call from an allowed site, for raw requests (images, multipart). */
  shopper(clientId?: string): Record<string, string>;
  /** The typed client of a shopper from an allowed site. */
  client(clientId?: string): Api;
  /** The typed client of the owner's session. */
  ownerApi: Api;
  balance(): Promise<number>;
}

export async function createShop(t: TestApp, email: string): Promise<ShopFixture> {
  const owner = await signIn(t, email);
  const ownerApi = api(t, { apiKey: owner });
  const account = ok(await ownerApi.call(routes.keys.account, {}));
  const publicKey = account.activeApiKeys.public[0]?.apiKey ?? '';
  const garment = await ownerApi.call(
    routes.garments.add,
    { query: {} },
    upload(await testImage(400, 500, 'png', '#c33')),
  );
  const model = await ownerApi.call(
    routes.models.add,
    { query: {} },
    upload(await testImage(800, 1000, 'jpeg', '#3a7')),
  );
  if (garment.error || model.error)
    throw new Error(`catalog setup failed: ${JSON.stringify([garment.error, model.error])}`);
  return {
    owner,
    publicKey,
    suid: account.suid,
    guid: garment.data.guid,
    muid: model.data.muid,
    shopper: (clientId = 'shopper-0001') =>
      withKey(publicKey, { clientuuid: clientId, origin: 'https://shop.example' }),
    client: (clientId = 'shopper-0001') =>
      api(t, { apiKey: publicKey, clientUuid: clientId, headers: { origin: 'https://shop.example' } }),
    ownerApi,
    balance: async () => (await profileOf(t, owner)).tryonBalance,
  };
}

/** Waits until a render is done or failed (at most 10 s) and answers its row. */
export async function settled(t: TestApp, id: string) {
  const row = await t.runtime.services.rendersRepository.findById(id);
  if (!row) throw new Error(`no render ${id}`);
  return t.runtime.services.renders.waitFor(row, 10_000);
}
