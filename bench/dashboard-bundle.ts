import path from 'node:path';
import { LOGIN_JS_BUDGET_BYTES, loginBundleSize } from '../apps/dashboard/scripts/login-bundle-size.ts';

/** Prints the gzipped JavaScript the dashboard loads before its login screen shows. Build the dashboard first. */
const dist = path.resolve(import.meta.dirname, '../apps/dashboard/dist');
const { bytes, files } = loginBundleSize(dist);
console.log(`dashboard /login: ${(bytes / 1024).toFixed(1)} KB gzipped JavaScript in ${files.length} files`);
console.log(
  `budget ${(LOGIN_JS_BUDGET_BYTES / 1024).toFixed(0)} KB: ${bytes <= LOGIN_JS_BUDGET_BYTES ? 'within' : 'OVER'}`,
);
