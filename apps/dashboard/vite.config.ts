import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path: Vite bundles the config's relative imports but leaves packages to Node, which loads no TypeScript.
import { precompress } from '../../packages/web/build/precompress-plugin.ts';

/** The API server the dev server forwards to (`npm run dev` at the root listens on 8080). */
const apiTarget = process.env.DASHBOARD_API_URL ?? 'http://localhost:8080';

const framework =
  /node_modules\/(react\/|react-dom\/|scheduler\/|react-router\/|i18next\/|react-i18next\/|@reduxjs\/toolkit\/dist\/(?!query)|immer\/|redux\/|redux-thunk\/|reselect\/|react-redux\/|use-sync-external-store\/)/;
/**
 * Mantine's core and the components nearly every screen (login included) uses. Not @mantine/hooks: grouped
 * here, every hook any screen imports would load with the login screen (5 KB of it did); each now goes with
 * the screens that use it.
 */
const uiCore =
  /node_modules\/@mantine\/(core\/esm\/(core|utils|components\/(Box|UnstyledButton|Button|Input|InputBase|TextInput|Text|Title|Paper|Stack|Group|Center|Loader|NativeSelect|CloseButton|Divider))\/)/;
/** Only the app's own copies: a library's nested copy (recharts has its own reselect) stays with it. */
const topLevel = (pattern: RegExp) => (id: string) =>
  pattern.test(id) && !/node_modules\/.*node_modules\//.test(id);

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen needs, login included, as one file: one request and one gzip stream.
          groups: [
            { name: 'framework', test: topLevel(framework) },
            { name: 'ui-core', test: topLevel(uiCore) },
            // One file for the icons rather than one request per icon.
            { name: 'icons', test: topLevel(/node_modules\/@tabler\/icons-react\//) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: false },
      '/w/': { target: apiTarget, changeOrigin: false },
      '/docs': { target: apiTarget, changeOrigin: false },
    },
  },
});
