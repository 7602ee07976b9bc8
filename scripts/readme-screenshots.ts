/**
 * Takes the README's two pictures of a listing page (a demo Toyota Corolla, as the demo buyer
 * sees it): docs/screenshots/listing-page-phone.png (the first screen of a 360 × 780 phone) and
 * docs/screenshots/listing-page-desktop.png (1440 × 900). Needs a running server with demo data
 * and the system's Chromium (tests/e2e/support/server-env.ts):
 *   PORT=3311 npm start            # in another shell
 *   npx tsx scripts/readme-screenshots.ts http://127.0.0.1:3311
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { authPaths } from '../src/contract/paths.js';
import { DEMO_BUYER, DEMO_PASSWORD } from '../src/server/db/demo/accounts.js';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/server-env.js';

const baseURL = process.argv[2] ?? 'http://127.0.0.1:3311';
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
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const signIn = await page.request.post(authPaths.signIn, {
    data: { email: DEMO_BUYER.email, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  if (!signIn.ok()) throw new Error(`Signing the demo buyer in answered ${signIn.status()}`);
  await page.goto(listingPath);
  await page.getByRole('button', { name: /^Book Now/ }).waitFor();
  // Not `networkidle`: a signed-in page keeps its live-messages stream open.
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.loading === 'lazy' || image.complete) &&
      document.fonts.status === 'loaded',
  );
  await page.screenshot({ path: path.join(outDir, file) });
  await context.close();
  console.log(`docs/screenshots/${file}`);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const listingPath = await corollaPath();
  await shoot(browser, listingPath, { width: 360, height: 780 }, 'listing-page-phone.png');
  await shoot(browser, listingPath, { width: 1440, height: 900 }, 'listing-page-desktop.png');
} finally {
  await browser.close();
}
