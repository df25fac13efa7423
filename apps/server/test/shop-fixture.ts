import { type Api, api } from './api.ts';
import { call, type Json, signIn, type TestApp, withKey } from './harness.ts';
import { multipart, testImage } from './images.ts';

/** A signed-in shop with its public key, one garment and one model: what render tests start from. */
export interface ShopFixture {
  owner: string;
  publicKey: string;
  suid: string;
  guid: string;
  muid: string;
  /** Headers of a shopper's call from an allowed site. */
  shopper(clientId?: string): Record<string, string>;
  /** The typed client of a shopper from an allowed site. */
  client(clientId?: string): Api;
  /** The typed client of the owner's session. */
  ownerApi: Api;
  /** Sends a multipart upload of one file. */
  upload(
    url: string,
    headers: Record<string, string>,
    bytes: Buffer,
    fields?: Record<string, string>,
  ): ReturnType<typeof call>;
  balance(): Promise<number>;
}

export async function createShop(t: TestApp, email: string): Promise<ShopFixture> {
  const owner = await signIn(t, email);
  const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(owner) });
  const publicKey = (account.body.activeApiKeys as { public: { apiKey: string }[] }).public[0]?.apiKey ?? '';
  const upload = (
    url: string,
    headers: Record<string, string>,
    bytes: Buffer,
    fields: Record<string, string> = {},
  ) => {
    const body = multipart({ bytes }, fields);
    return call(t.app, {
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  const garment = await upload('/v1/garment/add', withKey(owner), await testImage(400, 500, 'png', '#c33'));
  const model = await upload('/v1/model/add', withKey(owner), await testImage(800, 1000, 'jpeg', '#3a7'));
  if (garment.status !== 201 || model.status !== 201)
    throw new Error(`catalog setup failed: ${JSON.stringify([garment.body, model.body])}`);
  const profile = await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(owner) });
  return {
    owner,
    publicKey,
    suid: profile.body.suid as string,
    guid: (garment.body as Json).guid as string,
    muid: (model.body as Json).muid as string,
    shopper: (clientId = 'shopper-0001') =>
      withKey(publicKey, { clientuuid: clientId, origin: 'https://shop.example' }),
    client: (clientId = 'shopper-0001') =>
      api(t, { apiKey: publicKey, clientUuid: clientId, headers: { origin: 'https://shop.example' } }),
    ownerApi: api(t, { apiKey: owner }),
    upload,
    balance: async () =>
      (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(owner) })).body
        .tryonBalance as number,
  };
}

/** Waits until a render is done or failed (at most 10 s) and answers its row. */
export async function settled(t: TestApp, id: string) {
  const row = await t.runtime.services.rendersRepository.findById(id);
  if (!row) throw new Error(`no render ${id}`);
  return t.runtime.services.renders.waitFor(row, 10_000);
}
