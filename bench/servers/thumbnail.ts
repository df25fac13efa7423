import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildHttpApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createRuntime } from '../../apps/server/src/runtime.ts';
import { photoLike } from '../photo.ts';

/** The real server with one garment whose 384x384 thumbnail is already made; prints its signed URL. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000' });
const runtime = await createRuntime({ config, logger: false });
const app = await buildHttpApp(runtime);
const shop = await runtime.services.shops.createShop({ email: 'bench@example.com', name: 'Bench' });
const auth = {
  keyId: '',
  kind: 'private' as const,
  apiKey: '',
  shopSuid: shop.suid,
  userUid: shop.owner_uid,
  isAdmin: false,
  clientUuid: null,
};
const row = await runtime.services.catalog.addUpload(
  auth,
  'garment',
  { name: 'Bench' },
  await photoLike(1600, 1250),
);
const link = `${runtime.services.catalog.present('garment', row).image}&width=384&height=384`;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const first = await fetch(`http://127.0.0.1:${port}${link}`);
const bytes = Buffer.from(await first.arrayBuffer());
const copy = path.join(dataDir, 'thumbnail-copy.webp');
writeFileSync(copy, bytes);
const meta = await sharp(bytes).metadata();
console.log(
  JSON.stringify({
    url: `http://127.0.0.1:${port}${link}`,
    file: copy,
    size: `${meta.width}x${meta.height}`,
    bytes: String(bytes.length),
  }),
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
