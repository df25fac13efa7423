import { pageBundleSize } from '@tryon/web/build/page-bundle-size';

/** Spec target: at most 150 KB of gzipped JavaScript before the login screen shows. */
export const LOGIN_JS_BUDGET_BYTES = 150 * 1024;

/** Gzipped JavaScript a first visit to /login loads: the entry, the login screen's chunk and their imports. */
export const loginBundleSize = (distDir: string) =>
  pageBundleSize(distDir, 'features/auth/components/login-screen.tsx');
