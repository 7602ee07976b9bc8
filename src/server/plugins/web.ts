/**
 * Production serving of the built SPA from `dist/web` on the same port as `/api`
 * (DESIGN.md §1): hashed assets under `/assets/` with a year-long immutable cache, every other
 * file revalidated, and `index.html` for client routes. Unknown `/api/*` paths answer JSON 404.
 * Uploads (`DATA_DIR/uploads`) are served under `/uploads/` with content-hashed names.
 */
import fp from 'fastify-plugin';
import { isSpaRoute } from '../../contract/spa-paths.js';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './error-handler.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const webPlugin = fp(
  async (app: FastifyInstance, options: { webDir: string; uploadsDir: string }) => {
    mkdirSync(options.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: YEAR_SECONDS * 1000,
      immutable: true,
    });

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
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'cache-control',
            hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(`no SPA build in ${options.webDir}; run "npm run build" to serve the web app`);
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api') &&
        !url.startsWith('/uploads/') &&
        !url.startsWith('/assets/');
      if (hasSpa && wantsPage) {
        // Unknown pages get the app too (it shows Uh-oh!), but with an honest 404 (issue 12).
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
