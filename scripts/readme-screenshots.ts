/**
 * Takes the README's pictures, on a running server with demo data and the system's Chromium
 * (tests/e2e/support/server-env.ts):
 * - `listing-page`: a listing page (a demo Toyota Corolla, as the demo buyer sees it):
 *   docs/screenshots/listing-page-phone.png (the first screen of a 360 × 780 phone) and
 *   docs/screenshots/listing-page-desktop.png (1440 × 900);
 * - `listing-form`: the listing form on a 360 × 780 phone, as the demo seller fills it (three demo
 *   Corollas' photos added, make, model, year, price and the town chosen; nothing is
 *   published): docs/screenshots/listing-form-phone.png;
 * - `search`: a visitor's search for cars within 25 mi of Austin under $20,000 on a 360 × 780
 *   phone, compact cards nearest first: docs/screenshots/search-phone.png;
 * - `conversation`: the demo buyer's latest conversation on a 360 × 780 phone, headed by its car
 *   with the deal's actions: docs/screenshots/conversation-phone.png.
 *
 *   PORT=3311 npm start            # in another shell
 *   npx tsx --conditions=second-gear-source scripts/readme-screenshots.ts http://127.0.0.1:3311 [listing-page,listing-form,search,conversation]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { authPaths } from '../src/contract/paths.js';
import {
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  type DemoUser,
} from '../src/server/db/demo/accounts.js';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/server-env.js';

const baseURL = process.argv[2] ?? 'http://127.0.0.1:3311';
const pictures = new Set(
  (process.argv[3] ?? 'listing-page,listing-form,search,conversation').split(','),
);
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

/** The demo Corolla's listing path, found through the public search. */
async function corollaPath(): Promise<string> {
  const answer = await fetch(`${baseURL}/api/search?q=Corolla`);
  if (!answer.ok) throw new Error(`GET /api/search answered ${answer.status}`);
  const { items } = (await answer.json()) as { items: { _id: string; product_name: string }[] };
  const corolla = items.find((item) => item.product_name.startsWith('Toyota Corolla'));
  if (!corolla) throw new Error('No demo Toyota Corolla on the market: reseed the demo data');
  return `/listing/${corolla._id}`;
}

async function shoot(
  browser: Browser,
  listingPath: string,
  viewport: { width: number; height: number },
  file: string,
) {
  const page = await signedIn(browser, DEMO_BUYER, viewport);
  await page.goto(listingPath);
  await page.getByRole('button', { name: /^Book Now/ }).waitFor();
  // Not `networkidle`: a signed-in page keeps its live-messages stream open.
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.loading === 'lazy' || image.complete) &&
      document.fonts.status === 'loaded',
  );
  await page.screenshot({ path: path.join(outDir, file) });
  await page.context().close();
  console.log(`docs/screenshots/${file}`);
}

/** A new page of its own context with `viewport`, `account` signed in. */
async function signedIn(
  browser: Browser,
  account: DemoUser,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  const page = await context.newPage();
  const signIn = await page.request.post(authPaths.signIn, {
    data: { email: account.email, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  if (!signIn.ok()) throw new Error(`Signing ${account.email} in answered ${signIn.status()}`);
  return page;
}

/** The listing form on a phone, filled by the demo seller up to the place (not published). */
async function shootListingForm(browser: Browser) {
  const file = 'listing-form-phone.png';
  const page = await signedIn(browser, DEMO_SELLER, { width: 360, height: 780 });
  // Three demo Corollas' covers, as JPEGs a phone would give.
  const answer = await page.request.get('/api/search?q=Corolla');
  const { items } = (await answer.json()) as { items: { product_image: string }[] };
  const urls = [...new Set(items.map((item) => item.product_image))].slice(0, 3);
  const photos = await Promise.all(
    urls.map(async (url, index) => ({
      name: `IMG_20${index + 41}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp(await (await page.request.get(url)).body())
        .jpeg()
        .toBuffer(),
    })),
  );
  await page.goto('/user/seller');
  await page.getByRole('heading', { level: 1, name: 'Add A Product' }).waitFor();
  await page.getByLabel('Make', { exact: true }).fill('Toyota');
  await page.getByLabel('Model', { exact: true }).fill('Corolla');
  await page.getByLabel('Model year').fill('2018');
  await page.getByLabel('Add photos').setInputFiles(photos);
  await page
    .getByTestId('photo-item')
    .nth(photos.length - 1)
    .waitFor();
  await page
    .getByRole('progressbar', { name: /Uploading photo/ })
    .first()
    .waitFor({ state: 'detached', timeout: 60_000 });
  await page.getByLabel('Product Name').fill('Toyota Corolla 2018');
  await page.getByLabel('Resell Price').fill('14500');
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.fill('Austin');
  await page
    .getByRole('option', { name: /^Austin, Texas/ })
    .first()
    .click();
  // The photos at the top of the screen, under the sticky header.
  await page.evaluate(() => {
    const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Photos');
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    if (heading) {
      window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - header - 12);
    }
  });
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.complete) && document.fonts.status === 'loaded',
  );
  await page.screenshot({ path: path.join(outDir, file) });
  await page.context().close();
  console.log(`docs/screenshots/${file}`);
}

/** Waits for the page's eager pictures and fonts, then saves its first screen as `file`. */
async function save(page: Page, file: string) {
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.loading === 'lazy' || image.complete) &&
      document.fonts.status === 'loaded',
  );
  await page.screenshot({ path: path.join(outDir, file) });
  await page.context().close();
  console.log(`docs/screenshots/${file}`);
}

/** A visitor's phone search: cars within 25 mi of Austin (GeoNames 4671654) under $20,000. */
async function shootSearch(browser: Browser) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 780 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto('/search?kind=vehicles&near=4671654&radius_mi=25&max_price=20000');
  await page.getByTestId('listing-card').first().waitFor();
  // Hydrated: the controls are enabled and the distances in the browser's unit (miles here).
  await page.waitForFunction(
    () =>
      !document.querySelector<HTMLSelectElement>('select:disabled') &&
      document.querySelector('h1')?.textContent?.includes(' mi ') === true,
  );
  await save(page, 'search-phone.png');
}

/** The demo buyer's latest conversation on a phone, headed by its car. */
async function shootConversation(browser: Browser) {
  const page = await signedIn(browser, DEMO_BUYER, { width: 360, height: 780 });
  const token = await page.request.post('/api/jwt', { data: { user: DEMO_BUYER.uid } });
  const { token: bearer } = (await token.json()) as { token: string };
  const answer = await page.request.get('/api/conversations', {
    headers: { authorization: `Bearer ${bearer}` },
  });
  const [latest] = (await answer.json()) as { _id: string }[];
  if (!latest) throw new Error('The demo buyer has no conversation: reseed the demo data');
  await page.goto(`/messages/${latest._id}`);
  await page.getByRole('link', { name: 'See the listing' }).waitFor();
  await save(page, 'conversation-phone.png');
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const listingPath = await corollaPath();
  if (pictures.has('listing-page')) {
    await shoot(browser, listingPath, { width: 360, height: 780 }, 'listing-page-phone.png');
    await shoot(browser, listingPath, { width: 1440, height: 900 }, 'listing-page-desktop.png');
  }
  if (pictures.has('listing-form')) await shootListingForm(browser);
  if (pictures.has('search')) await shootSearch(browser);
  if (pictures.has('conversation')) await shootConversation(browser);
} finally {
  await browser.close();
}
