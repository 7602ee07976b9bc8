/**
 * A signed-in user of its own browser context, for tests where two people act at once (a buyer
 * and a seller): a new account of `role`, signed in, with an API bearer token.
 */
import { expect, type Browser } from '@playwright/test';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { createAccount, signInViaApi, testPassword, uniqueEmail } from './accounts.js';

/** A short random suffix, so names made by parallel tests never collide. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Creates the account in a new context with a `width` × 800 viewport and signs it in.
 * @param emailPrefix prefix of the generated e-mail address (names the test file).
 */
export async function newSignedInUser(
  browser: Browser,
  role: 'buyer' | 'seller',
  width: number,
  emailPrefix: string,
) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const name = `${role === 'buyer' ? 'Buyer' : 'Seller'} ${unique()}`;
  const email = uniqueEmail(`${emailPrefix}-${role}`);
  const uid = await createAccount(page, { email, name, role });
  await signInViaApi(page, email, testPassword);
  const answer = await page.request.post(apiUrl(apiRoutes.issueToken), { data: { user: uid } });
  expect(answer.status(), 'POST /api/jwt').toBe(200);
  const token = ((await answer.json()) as { token: string }).token;
  return { page, name, email, uid, headers: { authorization: `Bearer ${token}` } };
}
export type SignedInUser = Awaited<ReturnType<typeof newSignedInUser>>;
