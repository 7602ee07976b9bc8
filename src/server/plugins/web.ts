/**
 * Production serving of the built SPA from `dist/web` on the same port as `/api`
 * (docs/architecture.md), by @fastify/static: hashed assets under `/assets/` with a year-long
 * immutable cache (`public, max-age=31536000, immutable`), every other file revalidated
 * (`no-cache`), the build's brotli and gzip copies (`.br`, `.gz`, scripts/compress-assets.mjs)
 * sent to a client that accepts them (`preCompressed`), and `index.html` for client routes.
 * Unknown `/api/*` paths answer JSON 404. Uploads are served under `/uploads/` by plugins/uploads.ts
 * (registered before this plugin).
 * With an SSR build (`ssrDir`, decision 0015) the pages it lists (`renderedPaths` of
 * src/web/app/ssr/pages.ts: home, blogs, search, listing, seller and the account forms) come as
 * HTML that already holds their content (src/server/plugins/ssr.ts); a render that fails falls
 * back to the plain shell, which the browser renders.
 */
import fp from 'fastify-plugin';
import { isSpaRoute } from '../../contract/spa-paths.js';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './error-handler.js';
import { loadRenderer, pageHtml, renderFacts } from './ssr.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The outage page's content: the API's own words for an unreachable database. */
const OUTAGE_HTML =
  '<main style="max-width:40rem;margin:3rem auto;padding:0 1rem;font-family:system-ui,sans-serif">' +
  '<h1>Second Gear is unavailable right now</h1>' +
  '<p>The database is unavailable right now; please try again shortly.</p></main>';

export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      webDir: string;
      /** The SSR build; `<webDir>/../web-ssr` by default. */
      ssrDir?: string;
      /** The site's public origin, for canonical and Open Graph URLs. */
      publicUrl: string;
    },
  ) => {
    const hasSpa = existsSync(path.join(options.webDir, 'index.html'));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: options.webDir,
        prefix: '/',
        wildcard: true,
        // `/` is index.html. With `index: false` the root directory answered 403 to clients
        // that accept neither gzip nor br (only the pre-compressed lookup found the file).
        index: ['index.html'],
        preCompressed: true,
        // Our setHeaders decides Cache-Control; @fastify/static would overwrite it otherwise.
        cacheControl: false,
        setHeaders(res, filePath) {
          // Vite names every file of `assets/` by its content's hash: it never changes.
          const hashed = path.relative(options.webDir, filePath).startsWith(`assets${path.sep}`);
          res.setHeader(
            'cache-control',
            hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
          );
          // The body depends on Accept-Encoding (`preCompressed`), but @fastify/static says so on
          // none of its answers (upstream bug fastify/fastify-static#230; the fix, #586, came
          // after the version we use): without it a shared cache could hand a brotli body to a
          // client that cannot read it (RFC 9110 §12.5.5).
          res.setHeader('vary', 'accept-encoding');
        },
      });
    } else {
      app.log.warn(`no SPA build in ${options.webDir}; run "npm run build" to serve the web app`);
    }

    const renderer = hasSpa
      ? await loadRenderer(
          app,
          options.ssrDir ?? path.join(path.dirname(options.webDir), 'web-ssr'),
        )
      : null;
    if (renderer) {
      const template = readFileSync(path.join(options.webDir, 'index.html'), 'utf8');
      const origin = options.publicUrl.replace(/\/+$/, '');
      // The shell with the outage text in #root: shown until the app starts (it then renders
      // the page itself, and its reads retry), and what a crawler or a page without scripts sees.
      const outagePage = template
        .replace('<div id="root"></div>', `<div id="root">${OUTAGE_HTML}</div>`)
        .replace(/<title>[^<]*<\/title>/, '<title>Unavailable | Second Gear</title>');
      for (const url of renderer.paths) {
        // The same HTML for every caller: cached and validated by plugins/public-cache.ts.
        app.get(url, { config: { publicCache: 'shared' } }, async (request, reply) => {
          let page = null;
          const facts = { unavailable: false };
          try {
            page = await renderFacts.run(facts, () =>
              renderer.render(new URL(request.url, 'http://server.invalid')),
            );
          } catch (error) {
            request.log.warn({ err: error }, 'server rendering failed; sending the plain shell');
          }
          // The database is down: not this page's content (a listing is not "not found", the
          // home page is not its error text), and nothing any cache may keep.
          if (facts.unavailable) {
            return reply
              .code(503)
              .header('cache-control', 'no-store')
              .header('retry-after', '5')
              .type('text/html; charset=utf-8')
              .send(outagePage);
          }
          // Replaced by plugins/public-cache.ts on a 200 (`PUBLIC_CACHE_CONTROL` with an ETag).
          reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
          if (!page) return reply.code(200).sendFile('index.html');
          return reply.code(page.status).send(pageHtml(template, page, origin));
        });
      }
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api') &&
        !url.startsWith('/uploads/') &&
        !url.startsWith('/assets/');
      if (hasSpa && wantsPage) {
        // Unknown pages get the app too (it shows Uh-oh!), but with an honest 404.
        return reply
          .code(isSpaRoute(url) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .type('text/html')
          .sendFile('index.html');
      }
      return reply.code(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
    });
  },
  { name: 'web', dependencies: ['error-handler'] },
);
