#!/usr/bin/env node
/**
 * Writes gzip (.gz) and brotli (.br) copies next to every .js, .css, .html and .svg file of the
 * SPA build (dist/web by default, or the folder given as the first argument), at the highest
 * levels, so that @fastify/static (`preCompressed: true`) serves them without compressing per
 * request. A copy is skipped when it would not be smaller than the original.
 */
import { readdir, readFile, stat, writeFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.resolve(root, process.argv[2] ?? 'dist/web');
const compressible = new Set(['.js', '.css', '.html', '.svg']);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function writeIfSmaller(file, compressed, originalSize) {
  if (compressed.length < originalSize) {
    await writeFile(file, compressed);
    return compressed.length;
  }
  await unlink(file).catch(() => {});
  return originalSize;
}

try {
  await stat(webDir);
} catch {
  console.error(`compress-assets: ${webDir} does not exist; run "vite build" first`);
  process.exit(1);
}

let count = 0;
let before = 0;
let afterBrotli = 0;
for await (const file of walk(webDir)) {
  if (!compressible.has(path.extname(file))) continue;
  const content = await readFile(file);
  const [gz, br] = await Promise.all([
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  ]);
  await writeIfSmaller(`${file}.gz`, gz, content.length);
  afterBrotli += await writeIfSmaller(`${file}.br`, br, content.length);
  before += content.length;
  count += 1;
}
console.log(
  `compress-assets: ${count} files in ${path.relative(root, webDir) || '.'}, ` +
    `${(before / 1024).toFixed(1)} KiB → ${(afterBrotli / 1024).toFixed(1)} KiB (brotli)`,
);
