/**
 * Screenshots of every screen, dialog and panel in English, Russian and Polish at desktop (1280 px) and phone
 * (375 px) widths, against the real server with sample data, for looking at the product (not a test). Each
 * line printed names the file, the window title, axe's serious findings and what the layout check found: the
 * page wider than the window, a box that scrolls sideways, text cut off inside its box, English text left on a
 * Russian or Polish screen.
 * `npx tsx apps/dashboard/e2e/screenshots.ts [outDir]`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from '@tryon/web/e2e/axe';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ensureDashboardBuilt } from './support/build-dashboard.ts';
import { startDashboardServer } from './support/dashboard-server.ts';
import { type Seeded, seedForScreenshots } from './support/screenshot-seed.ts';

const outDir = path.resolve(process.argv[2] ?? '/tmp/dashboard-screens');
const viewports = { desktop: { width: 1280, height: 860 }, phone: { width: 375, height: 812 } };
const languages = ['en', 'ru', 'pl'] as const;
type Lang = (typeof languages)[number];

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = Object.fromEntries(
  languages.map((lang) => [
    lang,
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, `../src/lib/i18n/locales/${lang}.json`), 'utf8'),
    ) as Catalogue,
  ]),
) as Record<Lang, Catalogue>;

/** A text of the dashboard's catalogue, `{{name}}` filled in. */
function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const found = key
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      catalogues[lang],
    );
  if (typeof found !== 'string') throw new Error(`no text ${lang}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const flatten = (node: Catalogue): string[] =>
  Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : flatten(v)));
/** English texts that are not also texts of the other language ("Import" is Polish too): left untranslated. */
const englishOnly = (lang: Lang) => {
  const own = new Set(flatten(catalogues[lang]));
  return flatten(catalogues.en).filter((t) => !own.has(t) && /[a-z]{3}/i.test(t) && !t.includes('{{'));
};

interface Shot {
  name: string;
  route: string;
  /** Opens what the shot is of (a dialog, a panel, a menu) once the screen has loaded. */
  open?: (page: Page, lang: Lang) => Promise<void>;
  /** Only the window, not the whole page (dialogs). */
  viewportOnly?: boolean;
}

const dialog = (page: Page) => page.getByRole('dialog').last();
/** A label's text before its `{{name}}`, as a pattern: "Actions for ", "Действия для «". */
const labelStart = (lang: Lang, key: string) => {
  const start = text(lang, key, { name: '\0' }).split('\0')[0] ?? '';
  return new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
};
/** A button of the first garment card, by its label's text before the garment's name. */
const firstCardButton = (page: Page, lang: Lang, key: string) =>
  page
    .getByTestId('item-card')
    .first()
    .getByRole('button', { name: labelStart(lang, key) });

function ownerShots(seed: Seeded): Shot[] {
  return [
    { name: 'shop', route: '/shop' },
    { name: 'garments', route: '/garments' },
    {
      name: 'garments-add',
      route: '/garments',
      open: async (p) => {
        await p.getByTestId('add-item').click();
        await p.locator('form input[type=file]').waitFor({ state: 'attached' });
      },
    },
    {
      name: 'garments-menu',
      route: '/garments',
      viewportOnly: true,
      open: async (p, lang) => {
        await firstCardButton(p, lang, 'catalog.menu').click();
        await p.getByRole('menu').waitFor();
      },
    },
    {
      name: 'garments-detail',
      route: '/garments',
      viewportOnly: true,
      open: async (p, lang) => {
        await firstCardButton(p, lang, 'catalog.details').click();
        await p.getByTestId('item-detail').waitFor();
      },
    },
    {
      name: 'garments-import',
      route: '/garments',
      viewportOnly: true,
      open: async (p, lang) => {
        await seed.startImport();
        await p.getByRole('button', { name: text(lang, 'imports.button'), exact: true }).click();
        await dialog(p).getByTestId('import-progress').waitFor({ timeout: 15_000 });
        await dialog(p).getByTestId('import-row').first().waitFor();
      },
    },
    { name: 'models', route: '/models' },
    { name: 'keys', route: '/keys' },
    {
      name: 'keys-roll',
      route: '/keys',
      viewportOnly: true,
      open: async (p) => {
        await p.getByTestId('public-key-row').first().getByTestId('roll-key').click();
        await dialog(p).getByTestId('roll-grace').waitFor();
      },
    },
    {
      name: 'webhooks',
      route: '/webhooks',
      open: async (p, lang) => {
        await p
          .getByTestId('webhook-row')
          .first()
          .getByRole('button', { name: text(lang, 'webhooks.deliveries') })
          .click();
        await p.getByTestId('delivery-row').nth(1).waitFor();
      },
    },
    {
      name: 'statistics',
      route: '/statistics',
      open: async (p) => {
        await p.getByTestId('top-garments').waitFor();
      },
    },
    {
      name: 'statistics-csv',
      route: '/statistics',
      viewportOnly: true,
      open: async (p, lang) => {
        await p.getByRole('button', { name: text(lang, 'statistics.csv') }).click();
        await p.getByRole('menu').waitFor();
      },
    },
    { name: 'audit', route: '/audit', open: (p) => p.getByTestId('audit-entry').first().waitFor() },
    { name: 'billing', route: '/billing' },
    { name: 'faq', route: '/faq' },
    { name: 'logout', route: '/logout' },
    { name: '404', route: '/404' },
  ];
}

function adminShots(seed: Seeded): Shot[] {
  return [
    { name: 'admin-shops', route: '/shops', open: (p) => p.getByTestId('shop-row').first().waitFor() },
    {
      name: 'admin-shop-detail',
      route: `/shops/${seed.suid}`,
      open: (p) => p.getByTestId('shop-detail').waitFor(),
    },
    {
      name: 'admin-statistics',
      route: `/statistics?shop=${seed.suid}`,
      open: (p) => p.getByTestId('top-garments').waitFor(),
    },
    { name: 'admin-tryons', route: '/tryons' },
    { name: 'admin-looks', route: '/looks' },
    {
      name: 'admin-imports',
      route: '/imports',
      open: (p) => p.getByTestId('admin-import-row').first().waitFor(),
    },
    { name: 'admin-audit', route: '/audit', open: (p) => p.getByTestId('audit-entry').first().waitFor() },
  ];
}

const loginShots: Shot[] = [
  { name: 'login', route: '/login' },
  {
    name: 'login-code',
    route: '/login',
    open: async (p, lang) => {
      await p.getByLabel(text(lang, 'login.email')).fill(`${lang}-${p.viewportSize()?.width}@newshop.test`);
      await p.getByRole('button', { name: text(lang, 'login.sendCode') }).click();
      await p.getByLabel(text(lang, 'login.digit', { n: 1 })).waitFor();
    },
  },
];

/**
 * What the layout check finds on the page as it stands: overflow, clipped text, English left over. Written
 * without inner named functions: tsx would wrap those in a helper the page does not have.
 */
async function layoutProblems(page: Page, english: string[]): Promise<string[]> {
  return page.evaluate((english) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page ${root.scrollWidth}px wide`);
    const words = new Set(english);
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      // Visually hidden text (1 px boxes, for screen readers) is meant to be clipped.
      if (!(el instanceof HTMLElement) || box.width <= 2 || box.height <= 2) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const label = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      const clips =
        style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clips && el.children.length === 0 && el.textContent?.trim() && el.scrollWidth > el.clientWidth + 1)
        found.push(`cut off: ${label}`);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1) found.push(`scrolls sideways: ${label}`);
      for (const node of el.childNodes) {
        const value = node.nodeType === Node.TEXT_NODE ? (node.textContent?.trim() ?? '') : '';
        if (value && words.has(value)) found.push(`English: "${value}"`);
      }
    }
    return [...new Set(found)].slice(0, 8);
  }, english);
}

async function shoot(browser: Browser, origin: string, key: string | null, shots: Shot[]) {
  for (const lang of languages) {
    const english = lang === 'en' ? [] : englishOnly(lang);
    for (const [device, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: 'light' });
      // tsx keeps function names with a helper (__name) that functions sent to the page refer to.
      await context.addInitScript('globalThis.__name = (f) => f');
      await context.addInitScript(
        ({ k, l }) => {
          localStorage.setItem('lang', l);
          if (k) localStorage.setItem('privateApiKey', k);
        },
        { k: key, l: lang },
      );
      const page = await context.newPage();
      for (const shot of shots) {
        await page.goto(`${origin}${shot.route}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        const file = path.join(outDir, `${lang}-${device}-${shot.name}.png`);
        try {
          await shot.open?.(page, lang);
          await page.waitForTimeout(400);
          await page.screenshot({ path: file, fullPage: !shot.viewportOnly });
          const axe = await seriousViolations(page);
          const layout = await layoutProblems(page, english);
          console.log(
            `${file}  "${await page.title()}"  axe: ${axe.join('; ') || 'clean'}  layout: ${layout.join('; ') || 'clean'}`,
          );
        } catch (error) {
          await page.screenshot({ path: file, fullPage: false });
          console.log(`${file}  FAILED to open: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      await context.close();
    }
  }
}

ensureDashboardBuilt();
mkdirSync(outDir, { recursive: true });
const server = await startDashboardServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const seed = await seedForScreenshots(server);
try {
  await shoot(browser, server.origin, null, loginShots);
  await shoot(browser, server.origin, seed.owner, ownerShots(seed));
  await shoot(browser, server.origin, seed.admin, adminShots(seed));
} finally {
  await browser.close();
  await seed.close();
  await server.close();
}
