/**
 * Vite build of the SPA (DESIGN.md §6): sources in src/web, static files (carousel pictures)
 * in src/web/public, output in dist/web, which the Fastify server serves (src/server/plugins/web.ts).
 * `npm run dev:web` proxies /api and /uploads to the API server on port 3000.
 */
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => {
  // A build is always a production build, even when the caller's NODE_ENV says otherwise (vitest
  // sets NODE_ENV=test, and Vite would then ship React's development build, 3x larger).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), tailwindcss()],
    // `#contract/…` and `#web/…` (package.json "imports", decision 0033) resolve to the sources.
    resolve: { conditions: ['second-gear-source', ...defaultClientConditions] },
    ssr: { resolve: { conditions: ['second-gear-source', ...defaultServerConditions] } },
    publicDir: 'src/web/public',
    build: {
      outDir: 'dist/web',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      // scripts/bundle-size.mjs reads the manifest to weigh the home route.
      manifest: true,
      // Keep the home route small: routes are lazy chunks; warn well before 150 KB gzipped.
      chunkSizeWarningLimit: 300,
      // No <link rel="modulepreload"> polyfill in the entry chunk (home JS ≤ 120 KB):
      // every browser of the es2022 target but Safari < 17 supports it, and there a missing
      // preload only costs the parallel fetch of a lazy page's chunks, never a feature.
      modulePreload: { polyfill: false },
    },
    server: {
      proxy: {
        '/api': apiTarget,
        '/uploads': apiTarget,
      },
    },
  };
});
