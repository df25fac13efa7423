import path from 'node:path';
import { ensureBuilt } from '@tryon/web/e2e/ensure-built';

export const dashboardDir = path.resolve(import.meta.dirname, '../..');
export const distDir = path.join(dashboardDir, 'dist');

export const ensureDashboardBuilt = (): void => ensureBuilt(dashboardDir, 'the dashboard');
