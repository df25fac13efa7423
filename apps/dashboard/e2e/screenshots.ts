/**
 * Screenshots of every screen at desktop (1280 px) and phone (375 px) widths, each with its title and axe's
 * serious findings, against the real server with sample data, for
 * looking at the product (not a test). `npx tsx apps/dashboard/e2e/screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium } from 'playwright-core';
import { readCodeFromOutbox } from '../../server/test/read-code-from-outbox.ts';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { ADMIN_EMAIL, startDashboardServer } from './support/dashboard-server.ts';
import { makeImage } from './support/images.ts';

const outDir = path.resolve(process.argv[2] ?? '/tmp/dashboard-screens');
const viewports = { desktop: { width: 1280, height: 860 }, phone: { width: 375, height: 812 } };

const garments = [
  ['Linen shirt', 'Breathable linen, relaxed fit', 't-shirt', '#e8590c', 640, 800],
  ['Denim jacket', 'Classic blue denim with brass buttons', 'jacket', '#1971c2', 600, 600],
  ['Summer dress', 'Floral print, midi length', 'dress', '#d6336c', 500, 900],
  ['Wool sweater', 'Merino wool, crew neck', 'sweater', '#5f3dc4', 700, 700],
  ['Slim jeans', 'Stretch denim, dark wash', 'jeans', '#1864ab', 480, 860],
  ['Silk blouse', 'Ivory silk with pearl buttons', 'blouse', '#f08c00', 600, 760],
  ['Rain coat', 'Waterproof, hooded', 'coat', '#2b8a3e', 620, 900],
  ['Basic tee', 'Organic cotton', 't-shirt', '#495057', 600, 600],
  ['Pleated skirt', 'A-line, knee length', 'skirt', '#c2255c', 560, 640],
  ['Chino shorts', 'Cotton twill', 'shorts', '#a07a3f', 600, 520],
] as const;

async function signIn(origin: string, dataDir: string, email: string): Promise<string> {
  await fetch(`${origin}/v1/user/mail/register?email=${email}`, { method: 'POST' });
  const code = readCodeFromOutbox(dataDir, email);
  const response = await fetch(`${origin}/v1/user/mail/signin?email=${email}&code=${code}`, {
    method: 'POST',
  });
  return ((await response.json()) as { apiKey: string }).apiKey;
}

async function upload(origin: string, key: string, kind: 'garment' | 'model', image: Buffer, query: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${origin}/v1/${kind}/add?${query}`, {
    method: 'POST',
    headers: { tokenapi: key },
    body,
  });
  return (await response.json()) as { guid?: string; muid?: string };
}

async function seed(origin: string, dataDir: string) {
  const owner = await signIn(origin, dataDir, 'owner@bluejeans.shop');
  await fetch(`${origin}/v1/shop/update?name=${encodeURIComponent('Blue Jeans Store')}`, {
    method: 'POST',
    headers: { tokenapi: owner },
  });
  const account = (await (
    await fetch(`${origin}/v1/user/account`, { headers: { tokenapi: owner } })
  ).json()) as {
    activeApiKeys: { public: { apiKey: string }[] };
  };
  const shopper = {
    tokenapi: account.activeApiKeys.public[0]?.apiKey ?? '',
    clientuuid: 'screens-shopper-01',
  };
  for (const [name, description, category, color, width, height] of garments) {
    const item = await upload(
      origin,
      owner,
      'garment',
      await makeImage(width, height, color),
      new URLSearchParams({ name, description, category, url: 'https://bluejeans.shop/p/1' }).toString(),
    );
    if (item.guid && name.length % 2 === 0)
      await fetch(`${origin}/v1/garment/like/${item.guid}`, { method: 'POST', headers: shopper });
  }
  for (const [i, color] of ['#364fc7', '#c92a2a', '#087f5b', '#862e9c'].entries()) {
    await upload(
      origin,
      owner,
      'model',
      await makeImage(800, 1000 + i * 100, color),
      `name=Model%20${i + 1}`,
    );
  }
  await fetch(`${origin}/v1/user/key/add?kind=public&allowed_domains=bluejeans.shop,*.bluejeans.shop`, {
    method: 'POST',
    headers: { tokenapi: owner },
  });
  await fetch(`${origin}/v1/garment/list?query=jeans`, { headers: shopper });
  const admin = await signIn(origin, dataDir, ADMIN_EMAIL);
  await fetch(`${origin}/v1/shop/add?email=hello@greenwear.shop&name=Green%20Wear`, {
    method: 'POST',
    headers: { tokenapi: admin },
  });
  return { owner, admin };
}

async function shoot(browser: Browser, origin: string, key: string | null, screens: string[]) {
  for (const [device, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    if (key) await context.addInitScript((k) => localStorage.setItem('privateApiKey', k), key);
    const page = await context.newPage();
    for (const screen of screens) {
      const [route, action] = screen.split('#');
      await page.goto(`${origin}${route}`);
      await page.waitForLoadState('networkidle');
      if (action === 'add') await page.getByRole('button', { name: 'Add', exact: true }).click();
      if (action === 'menu')
        await page
          .getByRole('button', { name: /^Actions for/ })
          .first()
          .click();
      if (action === 'code') {
        await page.getByLabel('E-mail').fill(`${device}@newshop.test`);
        await page.getByRole('button', { name: 'Send code' }).click();
        await page.getByLabel('Digit 1 of 4').waitFor();
      }
      await page.waitForTimeout(600);
      const name = `${device}-${(route ?? '').replace(/\//g, '') || 'root'}${action ? `-${action}` : ''}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: false });
      const problems = await seriousViolations(page);
      console.log(
        `${path.join(outDir, name)}  "${await page.title()}"  axe: ${problems.join('; ') || 'clean'}`,
      );
    }
    await context.close();
  }
}

ensureDashboardBuilt();
mkdirSync(outDir, { recursive: true });
const server = await startDashboardServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const { owner, admin } = await seed(server.origin, server.dataDir);
  await shoot(browser, server.origin, null, ['/login', '/login#code']);
  await shoot(browser, server.origin, owner, [
    '/shop',
    '/garments',
    '/garments#add',
    '/garments#menu',
    '/models',
    '/keys',
    '/statistics',
    '/audit',
    '/billing',
    '/faq',
    '/logout',
    '/404',
  ]);
  await shoot(browser, server.origin, admin, ['/shops', '/tryons', '/looks', '/audit']);
} finally {
  await browser.close();
  await server.close();
}
