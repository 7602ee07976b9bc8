/**
 * Vite build of the SPA (docs/architecture.md): sources in src/web, static files (carousel pictures)
 * in src/web/public, output in dist/web, which the Fastify server serves (src/server/plugins/web.ts).
 * `npm run dev:web` proxies /api and /uploads to the API server on port 3000.
 */
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build, even when the caller's NODE_ENV says otherwise (vitest
  // sets NODE_ENV=test, and Vite would then ship React's development build, 3x larger).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [
      react(),
      tailwindcss(),
      // The installable app (decision 0045): the web app manifest and the Workbox service worker
      // src/web/sw.ts, whose precache list is injected here. Registered by src/web/lib/pwa.ts.
      VitePWA({
        disable: isSsrBuild === true,
        strategies: 'injectManifest',
        srcDir: 'src/web',
        filename: 'sw.ts',
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        includeAssets: ['favicon.svg', 'offline.html', 'offline.js', 'icons/*.png'],
        injectManifest: {
          // The app shell: scripts, styles, the offline page and the icons; not the carousel's
          // photos (large, and cached when shown) nor source maps.
          globPatterns: ['**/*.{js,css,svg,webmanifest}', 'offline.html', 'icons/*.png'],
          globIgnores: ['sw.js', 'carousel/**', '**/*.map'],
          maximumFileSizeToCacheInBytes: 600 * 1024,
        },
        manifest: {
          id: '/',
          name: 'Second Gear',
          short_name: 'Second Gear',
          description: 'A marketplace for used cars and second-hand goods.',
          lang: 'en',
          start_url: '/?source=pwa',
          scope: '/',
          display: 'standalone',
          theme_color: '#0f766e',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
      }),
    ],
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
      rolldownOptions: {
        output: {
          codeSplitting: {
            // A group takes the modules its test names, not what they import (React, the query
            // client): those stay in the chunks the bundler makes for them. The grouped modules
            // run nothing when loaded (constants, components), so their order cannot matter.
            includeDependenciesRecursively: false,
            // The contract's zod-free limits in a chunk of their own: left to the bundler they
            // joined the schemas' shared chunk, and a page that only needs a length (the listing
            // page's view beacon) loaded zod with them (scripts/bundle-size.mjs refuses that).
            groups: [
              { name: 'limits', test: /src[\\/]contract[\\/]limits\.ts$/ },
              {
                // The listing card and the small modules only it and its pages read, in one
                // chunk: left to the bundler they made a dozen chunks of a few hundred bytes
                // each, whose import lines, names and preload entries weighed more on the home
                // page than their code (docs/benchmarks.md, "Home route weight").
                name: 'listing-card',
                test: /src[\\/](web[\\/]components[\\/](listing-card|listing-state-badge|verification-badges|verified-badge|seller-type)\.tsx|contract[\\/]verification-texts\.ts)$/,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': apiTarget,
        '/uploads': apiTarget,
      },
    },
  };
});
