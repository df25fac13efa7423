import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path: Vite bundles the config's relative imports but leaves packages to Node, which loads no TypeScript.
import { precompress } from '../../packages/web/build/precompress-plugin.ts';

/** The API server the dev server forwards to (`npm run dev` at the root listens on 8080). */
const apiTarget = process.env.SHOP_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  // The server hands these pages out under /w/ (apps/server/src/plugins/web-apps.ts).
  base: '/w/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // One small stylesheet: inlined into nothing, loaded with the entry.
    cssCodeSplit: false,
  },
  server: {
    port: 5174,
    proxy: { '/v1': { target: apiTarget, changeOrigin: false } },
  },
});
