import { flatLayShirt } from '../../../../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../../../packages/engine/test/fixtures/sample-photos.ts';
import type { E2eServer } from '../../../server/test/e2e-server.ts';

export interface ShopFixture {
  suid: string;
  /** A public key that allows the shop's site (and subdomains). */
  publicKey: string;
  privateKey: string;
  garments: { guid: string; g: string; name: string }[];
  setAllowedDomains(domains: string): Promise<void>;
}

let shopsMade = 0;

/**
 * A shop as its owner would set it up: created with its keys, a name, and garments uploaded through the API
 * with the private key (generated product photos; nothing real is committed). `garmentCount` garments (3 by
 * default): the three named tees first, then numbered ones.
 */
export async function createShop(server: E2eServer, site: string, garmentCount = 3): Promise<ShopFixture> {
  const { shops, keys } = server.runtime.services;
  const shop = await shops.createShop({
    email: shopsMade++ === 0 ? 'owner@shop.test' : `owner-${shopsMade}@shop.test`,
    name: 'Northwind Apparel',
  });
  const privateKey = (await keys.account(shop.suid)).activeApiKeys.private[0]?.apiKey ?? '';
  // The public key a new shop starts with: its page key too, as the oldest one.
  const first = (await keys.account(shop.suid)).activeApiKeys.public[0]?.apiKey ?? '';
  const publicKey = (
    await keys.update(
      shop.suid,
      first,
      { allowed_domains: `${site}, *.${site}` },
      { uid: shop.owner_uid, via: 'api' },
    )
  ).apiKey;
  const api = async (method: string, url: string, body?: FormData) => {
    const res = await fetch(`${server.origin}${url}`, {
      method,
      headers: { tokenapi: privateKey },
      body: body ?? null,
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const garments: ShopFixture['garments'] = [];
  const products = [
    { name: 'Linen summer tee', colour: '#c0392b', price: '29.90' },
    { name: 'Ocean cotton tee', colour: '#1c7ed6', price: '24.50' },
    { name: 'Forest basic tee', colour: '#2f9e44', price: '19.00' },
  ];
  const photos = new Map<string, Buffer>();
  for (let index = 0; index < garmentCount; index++) {
    const product = products[index] ?? {
      // A long name, as real catalogues have, to show it never widens the page.
      name: `Relaxed-fit organic cotton crew-neck tee number ${index + 1}`,
      colour: products[index % products.length]?.colour ?? '#868e96',
      price: '15.00',
    };
    const photo = photos.get(product.colour) ?? (await flatLayShirt({ colour: product.colour }));
    photos.set(product.colour, photo);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'shirt.jpg');
    const query = new URLSearchParams({
      name: product.name,
      price: product.price,
      category: 't-shirt',
      url: `https://${site}/p/${garments.length + 1}`,
    });
    const item = await api('POST', `/v1/garment/add?${query}`, form);
    garments.push({ guid: String(item.guid), g: String(item.g), name: product.name });
  }
  await api('POST', `/v1/shop/update?name=${encodeURIComponent('Northwind Apparel')}`);
  return {
    suid: shop.suid,
    publicKey,
    privateKey,
    garments,
    async setAllowedDomains(domains: string) {
      await api(
        'POST',
        `/v1/user/key/update?${new URLSearchParams({ key: publicKey, allowed_domains: domains })}`,
      );
    },
  };
}

/** A face-swap model of the shop, from a photo a package ships (at test time; nothing is committed). */
export async function addModel(server: E2eServer, shop: ShopFixture): Promise<{ muid: string; m: string }> {
  const form = new FormData();
  const photo = await samplePhoto('standing', 768, 1024);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'model.jpg');
  const res = await fetch(`${server.origin}/v1/model/add?name=${encodeURIComponent('Studio look')}`, {
    method: 'POST',
    headers: { tokenapi: shop.privateKey },
    body: form,
  });
  const item = (await res.json()) as { muid: string; m: string };
  if (!res.ok) throw new Error(`model upload failed: ${JSON.stringify(item)}`);
  return item;
}
