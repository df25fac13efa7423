import path from 'node:path';
import { ensureBuilt } from '@tryon/web/e2e/ensure-built';

export const shopDir = path.resolve(import.meta.dirname, '../..');
export const distDir = path.join(shopDir, 'dist');

export const ensureShopBuilt = (): void => ensureBuilt(shopDir, 'the shopper pages');
