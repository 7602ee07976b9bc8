/**
 * `npm run bench:dealers` (decision 0046): a dealer's feed of `--cars` (1,000) cars with
 * `--photos` (5) photos each, imported through the hourly feed job's code (`runDealerFeeds`:
 * the feed fetched through the outbound client, parsed, validated, every photo fetched and stored
 * as an upload with its variants and hash), then the same feed again. Prints the wall time and
 * the process's peak resident memory (sampled every 20 ms) of each run and what the reports say.
 *
 * The feed and its photos come from a local server on 127.0.0.1:0 in this process (allowed by
 * OUTBOUND_ALLOWED_ORIGINS); every photo is a distinct 800 × 600 JPEG of about 120 KB with a
 * camera-like texture, written to a temporary directory before the clock starts and streamed from disk, so no two share a stored file and
 * the photos do not sit in this process's memory. The database is a fresh embedded PGlite in a
 * temporary DATA_DIR (migrated, gazetteer loaded, no demo data), or DATABASE_URL's. Both runs
 * import the feed whether or not its interval has passed (`runDealerFeeds(app, { all: true })`).
 * Besides the sampled peak, the process's own peak RSS (`process.resourceUsage().maxRSS`, over
 * its whole life) is printed at the end.
 *
 * Options: --cars N (1000), --photos N (5).
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { openConfiguredDatabase, prepareDatabase } from '#server/db/prepare.js';
import { categories, dealerFeeds, dealerImports, users } from '#server/db/schema.js';
import { runDealerFeeds } from '#server/dealers/feeds.js';
import { inventoryColumns } from '#contract/dealers.js';

const { values } = parseArgs({
  options: {
    cars: { type: 'string', default: '1000' },
    photos: { type: 'string', default: '5' },
  },
});
const cars = Number(values.cars);
const photosPerCar = Number(values.photos);

async function main() {
  // The photos, made before anything is timed, on disk: a camera-like 110–130 KB JPEG each (a
  // smooth random texture, one of 16, encoded at quality 80), made distinct by a band of
  // colours that encodes its number.
  const photoDir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-bench-photos-'));
  const photoCount = cars * photosPerCar;
  const [width, height] = [800, 600];
  const textures: Buffer[] = [];
  for (let t = 0; t < 16; t += 1) {
    const noise = await sharp({
      create: {
        width: width / 4,
        height: height / 4,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    textures.push(await sharp(noise).resize(width, height).removeAlpha().raw().toBuffer());
  }
  for (let i = 0; i < photoCount; i += 1) {
    const pixels = Buffer.from(textures[i % textures.length]!);
    for (let p = 0; p < width * 8; p += 1) {
      pixels[p * 3] = i & 255;
      pixels[p * 3 + 1] = (i >> 8) & 255;
      pixels[p * 3 + 2] = (i * 13) & 255;
    }
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    writeFileSync(path.join(photoDir, `${i}.jpg`), jpeg);
  }
  let feed = '';
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/feed.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' }).end(feed);
      return;
    }
    const match = /^\/photo\/(\d+)\.jpg$/.exec(url);
    if (!match || Number(match[1]) >= photoCount) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    createReadStream(path.join(photoDir, `${match[1]}.jpg`)).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const lines = [inventoryColumns.join(',')];
  for (let car = 0; car < cars; car += 1) {
    const urls = Array.from(
      { length: photosPerCar },
      (_, p) => `${origin}/photo/${car * photosPerCar + p}.jpg`,
    );
    lines.push(
      [
        `B-${car}`,
        'Bench',
        'Toyota',
        `Model ${car % 50}`,
        2010 + (car % 14),
        10_000 + car * 37,
        'km',
        5_000 + (car % 300) * 50,
        'Petrol',
        'Automatic',
        'Sedan',
        'Silver',
        '',
        'Bench car.',
        '"Austin, TX"',
        urls.join('|'),
      ].join(','),
    );
  }
  feed = `${lines.join('\n')}\n`;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-bench-dealers-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    JOB_WORKERS: 'false',
    OUTBOUND_ALLOWED_ORIGINS: origin,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openConfiguredDatabase(config);
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database, webDir: path.join(dataDir, 'no-spa') });
  await app.ready();
  try {
    await app.db.insert(categories).values({ categoryName: 'Bench', nameKey: 'bench' });
    const [seller] = await app.db
      .insert(users)
      .values({
        uid: `bench-dealer-${Date.now()}`,
        displayName: 'Bench Dealer',
        email: 'bench@dealer.example',
        role: 'seller',
        sellerType: 'business',
        trader: {
          legal_name: 'Bench Motors LLC',
          address: '1 Main St, Austin, TX',
          phone: '+1 512 555 0100',
          email: 'bench@dealer.example',
          register_name: 'Texas SOS',
          register_number: '1',
          self_certified: true,
          opening_hours: null,
          logo_url: null,
        },
      })
      .returning();
    await app.db
      .insert(dealerFeeds)
      .values({ sellerId: seller!.id, url: `${origin}/feed.csv`, mode: 'full' });

    console.log(
      `dealer import bench: ${cars} cars × ${photosPerCar} photos, ${
        config.databaseUrl ? 'PostgreSQL' : 'PGlite'
      }, node ${process.version}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    for (const label of ['first import', 're-import (same feed)']) {
      global.gc?.();
      const startRss = process.memoryUsage().rss;
      let peak = startRss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      await runDealerFeeds(app, { all: true });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const [report] = await app.db
        .select()
        .from(dealerImports)
        .orderBy(dealerImports.createdAt)
        .limit(1)
        .offset(label === 'first import' ? 0 : 1);
      console.log(
        `${label}: ${seconds.toFixed(1)} s, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MiB ` +
          `(${(startRss / 1024 / 1024).toFixed(0)} MiB before); created ${report?.created}, ` +
          `updated ${report?.updated}, unchanged ${report?.unchanged}, removed ${report?.removed}, ` +
          `failed ${report?.failed.length}`,
      );
    }
    console.log(
      `process peak RSS over its whole life: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
    );
  } finally {
    await app.close();
    await database.close();
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(photoDir, { recursive: true, force: true });
  }
}

await main();
