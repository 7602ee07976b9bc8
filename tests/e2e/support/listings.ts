/**
 * Listings a browser test makes for itself through the API, so that it never depends on (nor
 * skips for lack of) what the demo data happens to hold: a new seller, a category of its own
 * and as many products as the test needs, promoted when asked.
 */
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { authPaths } from '#contract/paths.js';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { smallPng, testPassword, uniqueEmail } from './accounts.js';
import { e2eBaseURL } from './server-env.js';
import { unique, type SignedInUser } from './users.js';
import { proofOfWork } from './proof-of-work.js';

export interface OwnListings {
  category: { id: string; name: string };
  /** The products in the order they were added (the category page shows them newest first). */
  products: { id: string; name: string }[];
  /** The new seller (password `testPassword`). */
  seller: { email: string; name: string };
}

/**
 * Registers a seller in its own API context and adds, as that seller, a category named
 * `Layout test …` (it sorts between the demo categories, so it is never the first or last one,
 * which other spec files pick) with `count` products sharing one uploaded photo.
 */
export async function createOwnListings(
  playwright: PlaywrightWorkerArgs['playwright'],
  {
    count,
    promote = false,
    sellerName = 'Lee Layout',
    sellerEmail = uniqueEmail('layout-seller'),
    location = 'Chattogram',
  }: {
    count: number;
    promote?: boolean;
    sellerName?: string;
    sellerEmail?: string;
    location?: string;
  },
): Promise<OwnListings> {
  const request = await playwright.request.newContext({ baseURL: e2eBaseURL });
  try {
    const { uid, token } = await registerSeller(request, sellerEmail, sellerName);
    const headers = { authorization: `Bearer ${token}` };
    const categoryName = `Layout test ${unique()}`;
    const category = await request.post(apiUrl(apiRoutes.createCategory), {
      data: { category_name: categoryName },
      headers,
    });
    expect(category.status(), 'POST /api/categories').toBe(201);
    const categoryId = ((await category.json()) as { insertedId: string }).insertedId;

    const upload = await request.post(apiUrl(apiRoutes.uploadImage), {
      multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: smallPng() } },
      headers,
    });
    expect(upload.status(), 'POST /api/images').toBe(201);
    const image = ((await upload.json()) as { data: { url: string } }).data.url;

    const products: OwnListings['products'] = [];
    for (let index = 1; index <= count; index += 1) {
      const name = `Layout coupe ${index} ${unique()}`;
      const created = await request.post(apiUrl(apiRoutes.createProduct), {
        data: {
          product_name: name,
          product_description: 'A tidy test coupe, one careful owner.',
          product_image: image,
          category_id: categoryId,
          condition: 'Good',
          resell_price: 1000 + index,
          original_price: 2000,
          year_of_used: 3,
          seller_location: location,
          seller_phone: '01712345678',
        },
        headers,
      });
      expect(created.status(), 'POST /api/products').toBe(201);
      const id = ((await created.json()) as { insertedId: string }).insertedId;
      products.push({ id, name });
      if (promote) {
        const promoted = await request.patch(
          apiUrl(apiRoutes.promoteProduct, { params: { uid }, query: { id } }),
          { headers },
        );
        expect(promoted.status(), 'PATCH /api/promote-product').toBe(200);
      }
    }
    return {
      category: { id: categoryId, name: categoryName },
      products,
      seller: { email: sellerEmail, name: sellerName },
    };
  } finally {
    await request.dispose();
  }
}

/** Signs a new seller up and in (in `request`) and gets an API token. */
async function registerSeller(
  request: APIRequestContext,
  email: string,
  name: string,
): Promise<{ uid: string; token: string }> {
  const origin = { origin: e2eBaseURL };
  const signUp = await request.post(authPaths.signUp, {
    data: { email, password: testPassword, name, ...(await proofOfWork(request)) },
    headers: origin,
  });
  expect(signUp.status(), `sign-up of ${email}`).toBe(200);
  // Sign-up answers without a session: sign in, as the registration page does.
  const signIn = await request.post(authPaths.signIn, {
    data: { email, password: testPassword },
    headers: origin,
  });
  expect(signIn.status(), `sign-in of ${email}`).toBe(200);
  const uid = ((await signIn.json()) as { user: { id: string } }).user.id;
  const saved = await request.post(apiUrl(apiRoutes.saveUser), {
    data: { displayName: name, email, photoURL: '', role: 'seller' },
    headers: origin,
  });
  expect(saved.status(), `user record of ${email}`).toBe(201);
  const issued = await request.post(apiUrl(apiRoutes.issueToken), { data: { user: uid } });
  expect(issued.status(), 'POST /api/jwt').toBe(200);
  return { uid, token: ((await issued.json()) as { token: string }).token };
}

/**
 * Posts, as the signed-in `seller`, one listing with one uploaded photo: `name` (made unique) at
 * `price` dollars, in a new category of the seller's own (`Listing test …`, which sorts between
 * the demo categories), so that it never changes the demo category pages that
 * category.spec.ts counts while it runs. @returns its id and full name.
 */
export async function postListingAs(
  seller: SignedInUser,
  { name, price }: { name: string; price: number },
): Promise<{ id: string; name: string }> {
  const category = await seller.page.request.post(apiUrl(apiRoutes.createCategory), {
    data: { category_name: `Listing test ${unique()}` },
    headers: seller.headers,
  });
  expect(category.status(), 'POST /api/categories').toBe(201);
  const categoryId = ((await category.json()) as { insertedId: string }).insertedId;
  const upload = await seller.page.request.post(apiUrl(apiRoutes.uploadImage), {
    multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: smallPng() } },
    headers: seller.headers,
  });
  expect(upload.status(), 'POST /api/images').toBe(201);
  const productName = `${name} ${unique()}`;
  const created = await seller.page.request.post(apiUrl(apiRoutes.createProduct), {
    data: {
      product_name: productName,
      product_description: 'A tidy test hatchback, one careful owner.',
      product_image: ((await upload.json()) as { data: { url: string } }).data.url,
      category_id: categoryId,
      condition: 'Good',
      resell_price: price,
      original_price: 11000,
      year_of_used: 4,
      seller_location: 'Sylhet',
      seller_phone: '01712345678',
    },
    headers: seller.headers,
  });
  expect(created.status(), 'POST /api/products').toBe(201);
  return { id: ((await created.json()) as { insertedId: string }).insertedId, name: productName };
}
