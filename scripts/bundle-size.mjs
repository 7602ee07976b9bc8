#!/usr/bin/env node
/**
 * Reports the front end's weight for the home route: the JavaScript and CSS a first
 * visit to `/` downloads — the entry chunk, the home page chunk, the chunks they import, and
 * the chunks the home page loads on demand (the Advertisement carousel) — gzipped at level 9.
 * Exits 1 when a budget is exceeded, or when the home, listing or login page loads zod. Budgets
 * (docs/benchmarks.md): 121 KB JS (it was 150 KB, and the route weighed 143.1 KB before the
 * carousels moved from Swiper to Embla and the toasts out of the entry chunk, decision 0024; then
 * 120 KB until places, offers, viewings, insights and trust added 18 API routes and 9 pages:
 * the generated route table and the SPA paths live in the entry chunk, about 30 bytes a route;
 * then 121 KB until protected payment, push, phone verification and dealers added 20 API routes,
 * the service worker's registration and install offer, and the card's verification badges and
 * private-or-dealer label: 124 KB, measured at 123.6 KB; then 125 KB once the proof of work's
 * loader, identity checks, the bill of sale and the dealer tools added 9 API routes: measured at
 * 124.1 KB; 124.7 KB once the listing states' records reached the cards, decision 0053), 30 KB CSS. Chunks the entry loads only on
 * demand (other pages, the toasts) are not counted: a first visit to `/` does not download them.
 * Needs a build (`vite build` with `build.manifest`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = { js: 125 * 1024, css: 30 * 1024 };
// The home page as the router loads it (the catalog's page composed with the listing card).
const HOME_MODULE = 'src/web/app/routes/home.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'dist/web');
const manifestPath = path.join(webDir, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build manifest: run "npm run build" first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[HOME_MODULE]) {
  console.error(`The manifest has no entry or no ${HOME_MODULE}.`);
  process.exit(1);
}

/**
 * Adds to `seen` the manifest keys reachable from `key` through static imports, and through
 * dynamic ones too with `dynamic`; a key already in `seen` is not walked again. Returns `seen`.
 */
function reachable(key, { dynamic }, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  for (const imported of chunk.imports ?? []) reachable(imported, { dynamic }, seen);
  if (dynamic) {
    for (const imported of chunk.dynamicImports ?? []) reachable(imported, { dynamic }, seen);
  }
  return seen;
}
const homeChunks = reachable(
  HOME_MODULE,
  { dynamic: true },
  reachable(entryKey, { dynamic: false }),
);
const files = new Set(
  [...homeChunks].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]),
);

const gzipped = (file) => gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length;
const totals = { js: 0, css: 0 };
const rows = [...files].map((file) => {
  const size = gzipped(file);
  const kind = file.endsWith('.css') ? 'css' : 'js';
  totals[kind] += size;
  return { file, kind, size };
});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const row of rows.sort((a, b) => b.size - a.size)) {
  console.log(`${row.kind.padEnd(4)}${kb(row.size).padStart(10)}  ${row.file}`);
}
let failed = false;

// The public pages a visitor lands on must not load zod and the contract schemas (on
// the listing page they cost ~90 KB and their evaluation; texts live in contract/texts.ts, and
// the login form loads its rules on first use, lib/lazy-resolver.ts).
const ZOD_MARKER = '$ZodType';
for (const page of [
  HOME_MODULE,
  'src/web/app/routes/listing.tsx',
  'src/web/app/routes/login.tsx',
]) {
  const chunks = reachable(page, { dynamic: false }, reachable(entryKey, { dynamic: false }));
  const withZod = [...chunks].filter((key) =>
    readFileSync(path.join(webDir, manifest[key].file), 'utf8').includes(ZOD_MARKER),
  );
  if (withZod.length) {
    failed = true;
    console.log(`${page} loads zod: ${withZod.map((key) => manifest[key].file).join(', ')}`);
  }
}

for (const kind of ['js', 'css']) {
  const over = totals[kind] > BUDGET[kind];
  failed ||= over;
  console.log(
    `home route ${kind.toUpperCase()}: ${kb(totals[kind])} gzipped (budget ${kb(BUDGET[kind])})${over ? '  OVER BUDGET' : ''}`,
  );
}
process.exit(failed ? 1 : 0);
