#!/usr/bin/env node
/**
 * Builds the server (tsc) and the SPA (vite) when `dist/` is missing or older than any source,
 * so `npm start` and the browser tests always run the current code without rebuilding needlessly.
 * The stamp `dist/.build-stamp` records the newest source time that was built.
 * In a production install (`npm prune --omit=dev`: no vite, no TypeScript) nothing can be built:
 * an existing build is started as it is (`npm run start:prod` skips this check altogether).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'src',
  'index.html',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'tsconfig.web.json',
  'package-lock.json',
];
const stampFile = path.join(root, 'dist/.build-stamp');

/**
 * Tests and their support are in no build (tsconfig.server.json excludes them; the SPA's bundle
 * holds only what its entries import): editing them needs no rebuild.
 */
const notBuilt = (name) => name === 'test-support' || /\.test\.tsx?$/.test(name);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (notBuilt(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const newest = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
const built = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
if (built >= newest && existsSync(path.join(root, 'dist/server/main.js'))) process.exit(0);

const buildTools = ['vite', 'typescript'].every((tool) =>
  existsSync(path.join(root, 'node_modules', tool, 'package.json')),
);
if (!buildTools && existsSync(path.join(root, 'dist/server/main.js'))) {
  console.log('No build tools installed (production install): starting the existing build.');
  process.exit(0);
}

console.log('Building Second Gear (server and web app)…');
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, String(newest));
