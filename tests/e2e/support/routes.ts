/// <reference lib="dom" />
/**
 * Every route of the SPA's route table (`contract/spa-paths.ts`, which the router's routes are
 * built from) for each role, its ids filled from the demo data: what the page sweeps (sideways
 * overflow, accessibility) walk through. One browser context per role, signed in once (its
 * storage state).
 */
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
} from '@playwright/test';
import { authPaths } from '#contract/paths.js';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { paths } from '#contract/spa-paths.js';
import { DEMO_ADMIN, DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLER, signInViaApi } from './accounts.js';
import { e2eBaseURL } from './server-env.js';
import { proofOfWork } from './proof-of-work.js';

export type RouteName = keyof typeof paths;
export type Role = 'visitor' | 'buyer' | 'seller' | 'admin';

/**
 * Who may open each route (router.tsx's guards, docs/product.md §2): everybody, any signed-in user, or the
 * holders of one role. `Record` over every route name: a new route fails the type check until
 * it is listed here, and so is swept too.
 */
const access: Record<RouteName, 'public' | 'signed-in' | 'seller' | 'buyer' | 'admin'> = {
  home: 'public',
  login: 'public',
  registration: 'public',
  forgotPassword: 'public',
  resetPassword: 'public',
  search: 'public',
  blogs: 'public',
  category: 'signed-in',
  listing: 'public',
  payment: 'signed-in',
  depositHold: 'signed-in',
  adminNotFound: 'public',
  sellerNotFound: 'public',
  buyerNotFound: 'public',
  adminSellers: 'admin',
  adminBuyers: 'admin',
  adminReportedProducts: 'admin',
  adminDepositDisputes: 'admin',
  adminPaymentDisputes: 'admin',
  adminAppeals: 'admin',
  adminRisk: 'admin',
  adminCategories: 'admin',
  adminAuditLog: 'admin',
  sellerAddProduct: 'seller',
  sellerProducts: 'seller',
  sellerEditProduct: 'seller',
  sellerBookings: 'seller',
  sellerOffers: 'seller',
  sellerInsights: 'seller',
  sellerImport: 'seller',
  sellerApiKeys: 'seller',
  profile: 'signed-in',
  buyerOrders: 'buyer',
  buyerOffers: 'buyer',
  about: 'public',
  contact: 'public',
  terms: 'public',
  privacy: 'public',
  accessibility: 'public',
  transparency: 'public',
  unsubscribe: 'public',
  renewListing: 'public',
  messages: 'signed-in',
  savedSearches: 'signed-in',
  conversation: 'signed-in',
  favourites: 'signed-in',
  sellerProfile: 'public',
  notFound: 'public',
};

/** The demo account of each role and the roles it holds (the demo admin is a buyer too). */
const accounts: Record<
  Exclude<Role, 'visitor'>,
  { email: string; uid: string; holds: string[] }
> = {
  buyer: { email: DEMO_BUYER.email, uid: DEMO_BUYER.uid, holds: ['buyer'] },
  seller: { email: DEMO_SELLER.email, uid: DEMO_SELLER.uid, holds: ['seller'] },
  admin: { email: DEMO_ADMIN.email, uid: DEMO_ADMIN.uid, holds: ['admin', 'buyer'] },
};

export interface Ids {
  category: string;
  listing: string;
  order: string;
  conversation: string;
  ownProduct: string;
}

/** A bearer token for `uid`, whose session the request context holds. */
async function bearer(request: APIRequestContext, uid: string) {
  const answer = await request.post(apiUrl(apiRoutes.issueToken), { data: { user: uid } });
  expect(answer.status(), 'POST /api/jwt').toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

async function getJson<T>(request: APIRequestContext, url: string, headers = {}): Promise<T> {
  const answer = await request.get(url, { headers });
  expect(answer.status(), `GET ${url}`).toBe(200);
  return (await answer.json()) as T;
}

/** A live listing of the demo seller, and its category. */
async function sellerListing(request: APIRequestContext) {
  const categories = await getJson<{ _id: string }[]>(request, apiUrl(apiRoutes.listCategories));
  for (const category of categories) {
    const products = await getJson<{ _id: string; seller_uid: string; order_status: boolean }[]>(
      request,
      apiUrl(apiRoutes.listCategoryProducts, { params: { id: category._id } }),
    );
    const own = products.find((p) => p.seller_uid === DEMO_SELLER.uid && !p.order_status);
    if (own) return { category: category._id, listing: own._id };
  }
  throw new Error('no live listing of the demo seller');
}

/** The ids the routes' parameters take for `role` (ones it cannot have are a placeholder). */
async function idsFor(request: APIRequestContext, role: Role): Promise<Ids> {
  const { category, listing } = await sellerListing(request);
  const ids: Ids = { category, listing, order: 'none', conversation: 'none', ownProduct: 'none' };
  if (role === 'visitor') return ids;
  const headers = await bearer(request, accounts[role].uid);
  if (role === 'seller') {
    // The seller's conversation: the demo buyer asks about one of the seller's listings.
    const buyer = await playwrightRequest.newContext({ baseURL: e2eBaseURL });
    const signIn = await buyer.post(authPaths.signIn, {
      data: { email: DEMO_BUYER.email, password: DEMO_PASSWORD },
      headers: { origin: e2eBaseURL },
    });
    expect(signIn.status(), 'sign-in of the demo buyer').toBe(200);
    const started = await buyer.post(apiUrl(apiRoutes.startConversation), {
      headers: await bearer(buyer, DEMO_BUYER.uid),
      data: {
        product_id: listing,
        text: 'Is it still available?',
        ...(await proofOfWork(buyer)),
      },
    });
    expect(started.status(), 'POST /api/conversations').toBeLessThan(300);
    await buyer.dispose();
  } else {
    const orders = await getJson<{ _id: string }[]>(
      request,
      apiUrl(apiRoutes.listOwnOrders),
      headers,
    );
    ids.order = orders[0]?._id ?? 'none';
    // A conversation with the demo seller about one of the seller's listings (continued if it
    // exists).
    const started = await request.post(apiUrl(apiRoutes.startConversation), {
      headers,
      data: {
        product_id: listing,
        text: 'Is it still available?',
        ...(await proofOfWork(request)),
      },
    });
    expect(started.status(), 'POST /api/conversations').toBeLessThan(300);
  }
  const conversations = await getJson<{ _id: string }[]>(
    request,
    apiUrl(apiRoutes.listConversations),
    headers,
  );
  ids.conversation = conversations[0]?._id ?? 'none';
  if (role === 'seller') {
    const products = await getJson<{ _id: string }[]>(
      request,
      apiUrl(apiRoutes.listOwnProducts),
      headers,
    );
    ids.ownProduct = products[0]?._id ?? 'none';
  }
  return ids;
}

/** The URL of route `name` with its parameters filled in. */
export function urlOf(name: RouteName, ids: Ids): string {
  switch (name) {
    case 'category':
      return paths.category.href(ids.category);
    case 'listing':
      return paths.listing.href(ids.listing);
    case 'payment':
      return paths.payment.href(ids.order);
    case 'depositHold':
      return paths.depositHold.href(ids.order);
    case 'sellerEditProduct':
      return paths.sellerEditProduct.href(ids.ownProduct);
    case 'conversation':
      return paths.conversation.href(ids.conversation);
    case 'sellerProfile':
      return paths.sellerProfile.href(DEMO_SELLER.uid);
    case 'notFound':
      return '/no-such-page';
    default: {
      const route = paths[name];
      expect(route.path, `route ${name} needs an id in urlOf`).not.toContain(':');
      return route.path;
    }
  }
}

export function mayOpen(role: Role, name: RouteName): boolean {
  const rule = access[name];
  if (rule === 'public') return true;
  if (role === 'visitor') return false;
  if (rule === 'signed-in') return true;
  return accounts[role].holds.includes(rule);
}

/**
 * What a browser context of `role` needs: its storage state (signed in through the identity API,
 * nothing for a visitor) and the ids its routes take. Computed once, shared by many contexts.
 */
export async function roleState(browser: Browser, role: Role) {
  const setup = await browser.newContext({ baseURL: e2eBaseURL });
  if (role !== 'visitor') {
    const page = await setup.newPage();
    await signInViaApi(page, accounts[role].email, DEMO_PASSWORD);
  }
  const ids = await idsFor(setup.request, role);
  const storageState = await setup.storageState();
  await setup.close();
  return { storageState, ids };
}

/** The routes `role` may open, in the route table's order. */
export function routesOf(role: Role): RouteName[] {
  return (Object.keys(paths) as RouteName[]).filter((name) => mayOpen(role, name));
}
