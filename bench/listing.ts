/**
 * `npm run bench:listing`: how long and how many taps listing a car takes a new visitor on a
 * phone (docs/features.md, "Listing a car"; decision 0043). Not a test: figures for
 * docs/benchmarks.md. In Debian's Chromium through Playwright at 360 × 780 (touch, device scale
 * 2), on the production build with the demo data (bench/web-server.ts).
 *
 * One run: the home page's `Sell your car`, the registration (the seller role preset), the login
 * page, then on the listing form: the VIN and `Decode VIN` (make, model, year, body, fuel,
 * gearbox and the name filled), six photos in one `Add photos` (five 1600 × 1200 JPEGs of
 * about 0.2 MB and one 12-megapixel 4000 × 3000 JPEG of 8–9 MB, noise so it does not compress, as
 * a phone's camera makes them; downscaled in the browser to 2,560 px before upload), the price,
 * the town from the `Location` suggestions, the phone, `Write a draft from the details`, `Add
 * Product` and the success dialog's `OK`, to the new listing's page.
 *
 * Counted: every interaction after `Register` (a fill, a tap, a file choice, a suggestion
 * chosen), the login page's two included; goal ≤ 25. Timed: from choosing the photos (`Add
 * photos`) to the listing page's heading, the form filled meanwhile at automation speed (a
 * person types slower, so uploads hide better behind typing than here) and `Add Product` tapped
 * once no photo is uploading (a failed photo is retried with its `Retry`, counted). The
 * moment the last photo finished uploading is given too.
 *
 * Network: `--network phone` (default) emulates Lighthouse's mobile connection through the
 * DevTools protocol (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up); `--network none` leaves
 * the loopback as it is. The CPU is not slowed (the shared machine's load already does).
 * Options: --runs N (3), --port P (3197), --network phone|none. Prints each run and the median.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/server-env.js';
import { startBenchServer } from './web-server.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3197' },
    network: { type: 'string', default: 'phone' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  throw new Error(`--runs: a whole number ≥ 1, not "${values.runs}"`);
}
if (values.network !== 'phone' && values.network !== 'none') {
  throw new Error(`--network: phone or none, not "${values.network}"`);
}
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
/** A 2003 Honda Accord: the offline decoder knows it (tests/e2e/price-vin.spec.ts). */
const VIN = '1HGCM82633A004352';
const GOAL = 25;

/** Lighthouse's mobile network, in the DevTools protocol's units (bytes per second). */
const phoneNetwork = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** `width`×`height` random RGB noise (noise compresses badly: the JPEG quality sets the size). */
function noise(width: number, height: number, spread: number, base = 0): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = base + Math.floor(Math.random() * spread);
  return pixels;
}

/** The six photos, written to `dir`: five ordinary ones and the 12 MP, ~8 MB one (third). */
async function writePhotos(dir: string): Promise<{ files: string[]; sizes: number[] }> {
  const files: string[] = [];
  const sizes: number[] = [];
  for (let index = 1; index <= 6; index++) {
    let jpeg: Buffer;
    if (index === 3) {
      const pixels = noise(4000, 3000, 256);
      for (let quality = 84; ; quality += 2) {
        jpeg = await sharp(pixels, { raw: { width: 4000, height: 3000, channels: 3 } })
          .jpeg({ quality })
          .toBuffer();
        if (jpeg.length >= 8 * 1024 * 1024) break;
      }
    } else {
      // A plain colour with a little grain: about what an ordinary phone photo weighs.
      jpeg = await sharp(noise(1600, 1200, 24, 40 + index * 30), {
        raw: { width: 1600, height: 1200, channels: 3 },
      })
        .jpeg({ quality: 80 })
        .toBuffer();
    }
    const file = path.join(dir, `car-${index}.jpg`);
    writeFileSync(file, jpeg);
    files.push(file);
    sizes.push(jpeg.length);
  }
  return { files, sizes };
}

interface Run {
  interactions: number;
  steps: string[];
  /** ms from choosing the photos to the listing page. */
  photosToListing: number;
  /** ms from choosing the photos to the last one uploaded. */
  photosUploaded: number;
}

async function listOneCar(browser: Browser, photos: string[], run: number): Promise<Run> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  try {
    if (values.network === 'phone') {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', phoneNetwork);
    }
    const steps: string[] = [];
    let registration = 0;
    let counting = false;
    /** One interaction of the person (listed once registration is sent, else only counted). */
    const act = async (label: string, action: () => Promise<unknown>) => {
      if (counting) steps.push(label);
      else registration += 1;
      await action();
    };
    const email = `bench-listing-${Date.now().toString(36)}-${run}@example.com`;
    const password = 'bench-listing-2024';

    await page.goto('/', { timeout: 120_000 });
    const slide = page.getByTestId('hero-slide').filter({ hasText: 'Sell your car for free' });
    const sell = slide.getByRole('link', { name: 'Sell your car' });
    await sell.scrollIntoViewIfNeeded();
    await act('tap Sell your car', () => sell.tap());
    await page
      .getByRole('heading', { level: 1, name: 'Register Now' })
      .waitFor({ timeout: 60_000 });
    await act('name', () => page.getByLabel('Name').fill('Bench Seller'));
    await act('email', () => page.getByLabel('Email').fill(email));
    await act('photo', () => page.getByLabel('Photo').setInputFiles(photos[0]!));
    await act('password', () => page.getByLabel('Password').fill(password));
    await act('Register', () => page.getByRole('button', { name: 'Register' }).tap());
    counting = true;

    // The spec's sequence: success dialog, signed out, the login page with the e-mail filled.
    await page.getByRole('heading', { level: 1, name: 'Login Now' }).waitFor({ timeout: 120_000 });
    await act('password', () => page.getByLabel('Password', { exact: true }).fill(password));
    await act('Login', () => page.getByRole('button', { name: 'Login', exact: true }).tap());
    await page
      .getByRole('heading', { level: 1, name: 'Add A Product' })
      .waitFor({ timeout: 60_000 });

    // Photos first (they upload while the rest is filled), then the VIN and the rest.
    const addPhotos = page.getByLabel('Add photos');
    await addPhotos.waitFor({ state: 'attached' });
    const start = performance.now();
    await act('Add photos: choose 6', () => addPhotos.setInputFiles(photos));
    const uploaded = page
      .getByTestId('photo-item')
      .nth(5)
      .waitFor()
      .then(() =>
        page
          .getByRole('progressbar', { name: /Uploading photo/ })
          .first()
          .waitFor({ state: 'detached', timeout: 600_000 }),
      )
      .then(() => performance.now());
    const vin = page.getByLabel('VIN');
    await act('VIN', () => vin.fill(VIN));
    await act('Decode VIN', () => page.getByRole('button', { name: 'Decode VIN' }).tap());
    await page.getByText('Filled in from the VIN: please check').waitFor({ timeout: 60_000 });
    await act('price', () => page.getByLabel('Resell Price').fill('3500'));
    const location = page.getByRole('combobox', { name: 'Location' });
    await act('Location: type', () => location.fill('Austin'));
    const austin = page.getByRole('option', { name: /^Austin, Texas/ }).first();
    await act('Location: choose', () => austin.tap());
    await act('phone', () => page.getByLabel('Phone Number').fill('+1 512 555 0142'));
    await act('Write a draft', () =>
      page.getByRole('button', { name: 'Write a draft from the details' }).tap(),
    );
    // Publish once every photo is up (before, the form asks to wait). A failed photo is
    // retried as a person would, with its `Retry` (counted), at most twice.
    let photosUploaded = (await uploaded) - start;
    const failures = page.getByTestId('photo-item').getByRole('alert');
    for (let attempt = 1; (await failures.count()) > 0; attempt++) {
      const reasons = await failures.locator('span').allTextContents();
      if (attempt > 2) throw new Error(`photos failed to upload: ${reasons.join('; ')}`);
      console.log(`  ${reasons.length} photo(s) failed (${reasons.join('; ')}): Retry`);
      const retries = failures.getByRole('button', { name: 'Retry' });
      while ((await retries.count()) > 0) await act('Retry', () => retries.first().tap());
      await page
        .getByRole('progressbar', { name: /Uploading photo/ })
        .first()
        .waitFor({ state: 'detached', timeout: 600_000 });
      photosUploaded = performance.now() - start;
    }
    await act('Add Product', () => page.getByRole('button', { name: 'Add Product' }).tap());
    const success = page.getByRole('dialog').filter({ hasText: 'New Product Added' });
    await success.waitFor({ timeout: 60_000 });
    await act('OK', () => success.getByRole('button', { name: 'OK', exact: true }).tap());
    await page
      .getByRole('heading', { level: 1, name: /Honda Accord/ })
      .waitFor({ timeout: 60_000 });
    const photosToListing = performance.now() - start;
    const listed = new URL(page.url()).pathname;
    await checkListing(page, listed);
    console.log(`  registration: ${registration} interactions before (not in the count)`);
    return { interactions: steps.length, steps, photosToListing, photosUploaded };
  } finally {
    await context.close();
  }
}

/** The listing page shows the six photos (a run that published fewer does not count). */
async function checkListing(page: Page, pathname: string) {
  const id = pathname.split('/').pop();
  const answer = await page.request.get(`/api/product/${id}`);
  const listing = (await answer.json()) as { product_images: string[] };
  if (listing.product_images.length !== 6) {
    throw new Error(`the listing has ${listing.product_images.length} photos, not 6`);
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-listing-'));
const server = await startBenchServer(port, 'listing');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const { files, sizes } = await writePhotos(dir);
  console.log(
    `Listing a car at 360 px, network ${values.network}, ${runs} run(s); photos ` +
      sizes.map((size) => `${(size / 1024 / 1024).toFixed(1)} MB`).join(', ') +
      `; load average ${load()}`,
  );
  const results: Run[] = [];
  for (let run = 1; run <= runs; run++) {
    const result = await listOneCar(browser, files, run);
    results.push(result);
    console.log(
      `run ${run}: ${result.interactions} interactions (${result.steps.join(', ')}); ` +
        `photos uploaded after ${(result.photosUploaded / 1000).toFixed(1)} s, ` +
        `listing page after ${(result.photosToListing / 1000).toFixed(1)} s; load average ${load()}`,
    );
  }
  const interactions = results[0]!.interactions;
  console.log(
    `\nmedian of ${runs}: ${interactions} interactions after registration (goal ≤ ${GOAL}); ` +
      `Add photos → photos uploaded ${(median(results.map((r) => r.photosUploaded)) / 1000).toFixed(1)} s, ` +
      `→ listing page ${(median(results.map((r) => r.photosToListing)) / 1000).toFixed(1)} s`,
  );
  if (interactions > GOAL) process.exitCode = 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
