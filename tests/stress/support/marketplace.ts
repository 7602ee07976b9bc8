/**
 * What the stress tests' users do, through the public API only, as the SPA does it: register
 * (identity sign-up, user record, API token), add categories and listings, book, and pay with
 * the sandbox provider (intent → card 4242… → confirm → record the payment).
 */
import { authPaths, paymentIntentIdOf } from '#contract/paths.js';
import type { Answer, Client, Stats } from './http.js';
import { stressOrigin } from './server.js';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';

export interface User {
  uid: string;
  email: string;
  token: string;
}

let counter = 0;

/** Fails loudly: setup steps must succeed for the test to mean anything. */
function expectStatus(answer: Answer, statuses: number[], what: string): void {
  if (!statuses.includes(answer.status)) {
    throw new Error(
      `${what}: ${answer.status || answer.error} ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  }
}

/** Registers a buyer or seller the way the SPA does and returns its API token. */
export async function register(client: Client, role: 'buyer' | 'seller'): Promise<User> {
  counter += 1;
  const email = `${role}-${counter}-${process.pid}-${Date.now().toString(36)}@stress.test`;
  const name = `Stress ${role} ${counter}`;
  const origin = { origin: stressOrigin };
  const signedUp = await client.call<{ user: { id: string } }>('POST', authPaths.signUp, {
    headers: origin,
    body: { email, password: 'stress-password-1', name },
  });
  expectStatus(signedUp, [200], 'sign-up');
  // Sign-up answers without a session: sign in, as the SPA does.
  const signedIn = await client.call<{ user: { id: string } }>('POST', authPaths.signIn, {
    headers: origin,
    body: { email, password: 'stress-password-1' },
  });
  expectStatus(signedIn, [200], 'sign-in');
  const uid = signedIn.body.user.id;
  const setCookie = signedIn.headers['set-cookie'] ?? [];
  const cookie = setCookie.map((line) => line.split(';')[0]).join('; ');
  const headers = { ...origin, cookie };
  const saved = await client.call('POST', apiUrl(apiRoutes.saveUser), {
    headers,
    body: { displayName: name, email, photoURL: '', role },
  });
  expectStatus(saved, [201], 'saving the user');
  const issued = await client.call<{ token: string }>('POST', apiUrl(apiRoutes.issueToken), {
    headers,
    body: { user: uid },
  });
  expectStatus(issued, [200], 'token');
  return { uid, email, token: issued.body.token };
}

/** Adds a category (seller); returns its id. */
export async function addCategory(client: Client, seller: User, name: string): Promise<string> {
  const answer = await client.call<{ insertedId: string }>('POST', '/api/categories', {
    token: seller.token,
    body: { category_name: name },
  });
  expectStatus(answer, [201], 'adding a category');
  return answer.body.insertedId;
}

/** The Add A Product form's body (docs/product.md §5). */
export function productBody(categoryId: string, n: number) {
  return {
    product_name: `Stress car ${n}`,
    product_description: 'A well kept car, serviced every year.',
    product_image: '/uploads/stress-car.webp',
    category_id: categoryId,
    condition: 'Good',
    resell_price: 1000 + (n % 500) * 10.5,
    original_price: 30000,
    year_of_used: 3,
    seller_location: 'Dhaka',
    seller_phone: '01711111111',
  };
}

/** Adds a listing (seller); the answer (201 with insertedId on success). */
export function addProduct(client: Client, seller: User, categoryId: string, n: number) {
  return client.call<{ insertedId: string }>('POST', apiUrl(apiRoutes.createProduct), {
    token: seller.token,
    body: productBody(categoryId, n),
  });
}

/** Adds a listing and returns its id; throws when it fails. */
export async function addProductOrThrow(
  client: Client,
  seller: User,
  categoryId: string,
  n: number,
): Promise<string> {
  const answer = await addProduct(client, seller, categoryId, n);
  expectStatus(answer, [201], 'adding a product');
  return answer.body.insertedId;
}

/** The booking modal's body (docs/product.md §5, §7 POST /orders). */
export function bookingBody(productId: string) {
  return {
    customer_info: { customer_phone: '01722222222', meeting_location: 'Gulshan 2' },
    product_info: { product_id: productId },
    order_status: false,
  };
}

/** Books `productId` as `buyer`: 201 new order, 200 the open one, 409 sold. */
export function book(client: Client, buyer: User, productId: string, deadlineMs?: number) {
  return client.call<{ insertedId: string }>('POST', apiUrl(apiRoutes.createOrder), {
    token: buyer.token,
    body: bookingBody(productId),
    ...(deadlineMs ? { deadlineMs } : {}),
  });
}

export type PayOutcome =
  /** The payment is recorded; `paymentId` is the record POST /api/payments answered. */
  | { kind: 'paid'; paymentId: string; transactionId: string }
  /** Someone else bought the product first (409 at the intent or the confirm step). */
  | { kind: 'sold'; step: string }
  /** Anything else: the step and its answer. */
  | { kind: 'failed'; step: string; answer: Answer };

/**
 * The payment page's flow for `buyer`'s open order `orderId` of `productId`, with the sandbox
 * provider and the test card 4242 4242 4242 4242. Each step's answer is counted in `stats`.
 * `onConfirmed` runs when the confirm step answers `succeeded` (the charge point).
 */
export async function pay(
  client: Client,
  buyer: User,
  order: { orderId: string; productId: string },
  stats: Stats,
  options: { deadlineMs?: number; onConfirmed?: () => void } = {},
): Promise<PayOutcome> {
  const common = { token: buyer.token, deadlineMs: options.deadlineMs ?? 30_000 };
  const intent = await client.call<{ clientSecret: string }>(
    'POST',
    apiUrl(apiRoutes.createPaymentIntent, { params: { productId: order.productId } }),
    common,
  );
  stats.record('POST intent', intent);
  if (intent.status === 409) return { kind: 'sold', step: 'intent' };
  if (intent.status !== 200) return { kind: 'failed', step: 'intent', answer: intent };
  const clientSecret = intent.body.clientSecret;

  const method = await client.call<{ id: string }>(
    'POST',
    apiUrl(apiRoutes.createSandboxPaymentMethod),
    {
      ...common,
      body: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 40, cvc: '123' },
    },
  );
  stats.record('POST payment-method', method);
  if (method.status !== 200) return { kind: 'failed', step: 'payment-method', answer: method };

  const transactionId = paymentIntentIdOf(clientSecret);
  const confirmed = await client.call<{ status: string }>(
    'POST',
    apiUrl(apiRoutes.confirmSandboxPaymentIntent, { params: { id: transactionId } }),
    { ...common, body: { client_secret: clientSecret, payment_method: method.body.id } },
  );
  stats.record('POST confirm', confirmed);
  if (confirmed.status === 409) return { kind: 'sold', step: 'confirm' };
  if (confirmed.status !== 200 || confirmed.body.status !== 'succeeded') {
    return { kind: 'failed', step: 'confirm', answer: confirmed };
  }
  options.onConfirmed?.();

  const recorded = await client.call<{ insertedId: string }>(
    'POST',
    apiUrl(apiRoutes.createPayment),
    {
      ...common,
      body: {
        price: 0,
        transactionId,
        email: buyer.email,
        orderId: order.orderId,
        product_id: order.productId,
      },
    },
  );
  stats.record('POST payments', recorded);
  if (recorded.status !== 200) return { kind: 'failed', step: 'payments', answer: recorded };
  return { kind: 'paid', paymentId: recorded.body.insertedId, transactionId };
}
