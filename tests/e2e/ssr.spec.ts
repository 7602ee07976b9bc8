/// <reference lib="dom" />
/**
 * Server rendering (decision 0015): the public pages come as HTML that already holds
 * their content — readable without JavaScript, with their head (title, description, canonical,
 * Open Graph, JSON-LD) — and then hydrate in Chromium without a mismatch and without asking the
 * API again for the data they were rendered from. The sitemap lists a new listing; an unknown
 * listing answers 404 with Uh-oh!.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { authPaths } from '../../src/contract/paths.js';
import { formatDollars } from '../../src/contract/money.js';
import { newSignedInUser } from './support/users.js';
import { createOwnListings, postListingAs, type OwnListings } from './support/listings.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

let own: OwnListings;
let listingId: string;
let listingName: string;

test.beforeAll(async ({ playwright }) => {
  own = await createOwnListings(playwright, { count: 2, sellerName: 'Rena Render' });
  listingId = own.products[1]!.id;
  listingName = own.products[1]!.name;
});

/** The JSON-LD objects of an HTML document. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

test.describe('Without JavaScript (plain HTTP GET)', () => {
  test('the listing page holds its name, price, head and JSON-LD', async ({ request }) => {
    const res = await request.get(`/listing/${listingId}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${listingName}</h1>`));
    expect(html).toContain(formatDollars(1002));
    expect(html).toContain('<title>' + listingName + ' | Second Gear</title>');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/listing/${listingId}"`));
    expect(meta(html, 'og:title')).toBe(`${listingName} | Second Gear`);
    expect(meta(html, 'og:image')).toMatch(/^http.+\/uploads\//);
    expect(meta(html, 'og:description')).toContain('$1,002');
    const [ld] = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: listingName,
      offers: {
        '@type': 'Offer',
        price: '1002.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  test('a page comes from memory with an ETag that outlives unrelated writes, and an edit shows at once', async ({
    browser,
    request,
  }) => {
    const seller = await newSignedInUser(browser, 'seller', 1440, 'ssr-cache');
    const listing = await postListingAs(seller, { name: 'Cached hatchback', price: 6100 });
    const url = `/listing/${listing.id}`;
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    expect(await first.text()).toContain(formatDollars(6100));
    const etag = first.headers().etag;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const again = await request.get(url, { headers: { 'if-none-match': etag! } });
    expect(again.status()).toBe(304);

    // A write elsewhere starts a new cache generation: the page is rendered again, to the same
    // bytes (no server clock in its state), so the browser's copy still holds.
    const unrelated = await seller.page.request.post(apiUrl(apiRoutes.createCategory), {
      data: { category_name: `Unrelated ${Date.now().toString(36)}` },
      headers: seller.headers,
    });
    expect(unrelated.status(), 'POST /api/categories').toBe(201);
    const rerendered = await request.get(url, { headers: { 'if-none-match': etag! } });
    expect(rerendered.status(), 'the same page after an unrelated write').toBe(304);

    const edited = await seller.page.request.patch(
      apiUrl(apiRoutes.updateProduct, { params: { id: listing.id } }),
      { data: { resell_price: 5900 }, headers: seller.headers },
    );
    expect(edited.status(), 'PATCH /api/product/{id}').toBe(200);
    const after = await request.get(url, { headers: { 'if-none-match': etag! } });
    expect(after.status()).toBe(200);
    expect(await after.text()).toContain(formatDollars(5900));
    await seller.page.context().close();
  });

  test('an unknown listing answers 404 with Uh-oh!', async ({ request }) => {
    const res = await request.get('/listing/00000000-0000-4000-8000-000000000000');
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('Uh-oh!');
    expect(html).toContain('We can not find that page.');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  test('the sitemap lists the listing and robots.txt points to the sitemap', async ({
    request,
  }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain(`/listing/${listingId}</loc>`);
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
  });

  test.describe('in a browser with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('the listing, search and home pages show their content', async ({ page }) => {
      await page.goto(`/listing/${listingId}`);
      await expect(page.getByRole('heading', { level: 1, name: listingName })).toBeVisible();
      await expect(page.getByTestId('listing-price')).toHaveText(formatDollars(1002));
      await expect(page.getByText('Rena Render').first()).toBeVisible();

      await page.goto(`/search?q=${encodeURIComponent(listingName)}`);
      await expect(page.getByText(/^\d+ results?$/)).toBeVisible();
      await expect(page.getByRole('link', { name: listingName }).first()).toBeVisible();
      // It would do nothing without JavaScript: disabled until hydrated (decision 0015).
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeDisabled();

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Browse items by category' })).toBeVisible();
      await expect(page.getByRole('link', { name: own.category.name })).toBeVisible();
    });

    test('the login and registration forms come with the HTML', async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveTitle('Login Now | Second Gear');
      await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByLabel('Password')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue With Google' })).toBeVisible();
      // Until React runs, a native submit would put the password in the URL.
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();

      await page.goto('/registration');
      await expect(page.getByRole('heading', { name: 'Register Now' })).toBeVisible();
    });
  });
});

/** Waits until React has hydrated the page's `<h1>` (it marks every DOM node it claims). */
async function headingHydrated(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * Loads `path` and records console errors, page errors and API calls (identity calls aside)
 * until React has hydrated the page's `<h1>` (React marks every DOM node it claims with its
 * fiber) and, with `idle`, the network is idle.
 */
async function loadAndHydrate(page: Page, path: string, { idle = true } = {}) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/')) {
      apiCalls.push(`${request.method()} ${url.pathname}`);
    }
  });
  await page.goto(path);
  await headingHydrated(page);
  // A signed-in page keeps the live-messages stream open: the network is never idle there.
  if (idle) await page.waitForLoadState('networkidle');
  return { problems, apiCalls: () => [...apiCalls] };
}

for (const width of [360, 1440]) {
  test.describe(`Hydration at ${width} px`, () => {
    // Far from the server's UTC: dates must not make the server's and browser's renders differ.
    test.use({
      viewport: { width, height: width === 360 ? 780 : 900 },
      timezoneId: 'Pacific/Auckland',
    });

    const pages = [
      {
        name: 'listing',
        path: () => `/listing/${listingId}`,
        data: () => [`/api/product/${listingId}`],
      },
      { name: 'home', path: () => '/', data: () => ['/api/categories', '/api/promoted-product/'] },
      { name: 'blogs', path: () => '/blogs', data: () => ['/api/blogs'] },
      {
        name: 'search',
        path: () => `/search?q=${encodeURIComponent('Layout coupe')}`,
        data: () => ['/api/search', '/api/categories'],
      },
      { name: 'login', path: () => '/login', data: () => ['/api/auth-config'] },
    ];
    for (const { name, path, data } of pages) {
      test(`the ${name} page hydrates without a mismatch and without fetching its data again`, async ({
        page,
      }) => {
        const { problems, apiCalls } = await loadAndHydrate(page, path());
        expect(problems).toEqual([]);
        expect(apiCalls().filter((call) => data().some((d) => call === `GET ${d}`))).toEqual([]);
        // One <title>: React took over the server's.
        await expect(page.locator('head > title')).toHaveCount(1);
        // Hydrated for real: the navbar's search box navigates.
        const search = page.getByRole('searchbox', { name: 'Search' });
        await search.fill('corolla');
        await search.press('Enter');
        await expect(page).toHaveURL(/\/search\?q=corolla/);
        await expect(page).toHaveTitle(/corolla/i);
        await expect(page.locator('head > title')).toHaveCount(1);
      });
    }

    test('a signed-in buyer gets the server-rendered listing page, then Book Now', async ({
      browser,
    }) => {
      const buyer = await newSignedInUser(browser, 'buyer', width, 'ssr');
      const { problems } = await loadAndHydrate(buyer.page, `/listing/${listingId}`, {
        idle: false,
      });
      await expect(buyer.page.getByRole('button', { name: 'Book Now' })).toBeVisible();
      expect(problems).toEqual([]);
      await buyer.page.context().close();
    });
  });
}

/** The built file (`assets/….js`) of a route's lazy chunk, from the client build's manifest. */
function routeChunk(source: string): string {
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the client build's manifest`);
  return entry.file;
}

/**
 * Decision 0015: the route's boundary hydrates only once its lazy chunk has loaded. When the app
 * start's session answer comes first, the auth state's update must wait for that boundary (a
 * transition), not make React throw away the server's DOM and render the page afresh, which
 * loses what a visitor typed and detaches every element a script holds.
 */
test.describe('The session answer arrives before the page chunk', () => {
  for (const who of ['visitor', 'signed-in buyer'] as const) {
    test(`a ${who} keeps the server's DOM while the page hydrates`, async ({ browser }) => {
      const page =
        who === 'visitor'
          ? await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage()
          : (await newSignedInUser(browser, 'buyer', 360, 'ssr-race')).page;
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      const chunk = routeChunk('src/web/app/routes/listing.tsx');
      let releaseChunk = () => {};
      const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
      await page.route(`**/${chunk}`, async (route) => {
        await chunkHeld;
        await route.continue();
      });
      // The last answer before the auth state's first update: the token for a signed-in user,
      // the session check for a visitor.
      const lastAuthAnswer = page.waitForResponse((response) => {
        const { pathname } = new URL(response.url());
        return who === 'visitor'
          ? pathname === authPaths.session
          : pathname === apiUrl(apiRoutes.issueToken);
      });
      // The server's <h1>, held from before any script could touch it.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as { heldHeading?: Element | null }).heldHeading = document.querySelector('h1');
        });
      });
      await page.goto(`/listing/${listingId}`, { waitUntil: 'domcontentloaded' });
      await (await lastAuthAnswer).finished();
      // Let React take the update (a render is scheduled in a later task).
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)),
          ),
      );
      // Not hydrated yet, and the page keeps its title all the while (WCAG 2.4.2).
      expect(await page.title()).toBe(`${listingName} | Second Gear`);
      releaseChunk();

      await headingHydrated(page);
      const kept = await page.evaluate(() => {
        const held = (window as { heldHeading?: Element | null }).heldHeading;
        return Boolean(held?.isConnected) && held === document.querySelector('h1');
      });
      expect(kept, "the server's <h1> is the one React hydrated").toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: listingName })).toBeVisible();
      await expect(page.locator('head > title')).toHaveCount(1);
      await expect(page).toHaveTitle(`${listingName} | Second Gear`);
      if (who === 'signed-in buyer') {
        await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
