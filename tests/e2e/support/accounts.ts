/// <reference lib="dom" />
/**
 * Account helpers for the browser tests: the demo accounts, unique emails, signing in through the
 * form or straight through the identity API (the page's request context shares the browser's
 * cookies), creating a fresh account, a small PNG, and the password-reset mail in the outbox.
 */
import { expect, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { authPaths } from '#contract/paths.js';
import { DEMO_ADMIN, DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLER } from '#server/db/demo/accounts.js';
import { e2eBaseURL, e2eDataDir } from './server-env.js';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { proofOfWork } from './proof-of-work.js';

export { DEMO_ADMIN, DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLER };

/** A password that passes docs/product.md §5 (at least 6 characters). */
export const testPassword = 'road-trip-2024';

/** A unique email per call, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${random}@example.test`;
}

/** The identity calls must come from the site's origin (Better Auth's origin check). */
const originHeader = { origin: e2eBaseURL };

/** Signs the page's browser context in through the identity API (no form). */
export async function signInViaApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post(authPaths.signIn, {
    data: { email, password },
    headers: originHeader,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

/**
 * Creates an account through the API the way the registration does (sign-up, sign-in, user record), and
 * leaves the page's context signed out again. Returns its uid.
 */
export async function createAccount(
  page: Page,
  input: { email: string; name: string; role: 'buyer' | 'seller'; password?: string },
): Promise<string> {
  const signUp = await page.request.post(authPaths.signUp, {
    data: {
      email: input.email,
      password: input.password ?? testPassword,
      name: input.name,
      ...(await proofOfWork(page.request)),
    },
    headers: originHeader,
  });
  expect(signUp.status(), `sign-up of ${input.email}`).toBe(200);
  // Sign-up answers without a session (it looks the same for a taken address).
  const signIn = await page.request.post(authPaths.signIn, {
    data: { email: input.email, password: input.password ?? testPassword },
    headers: originHeader,
  });
  expect(signIn.status(), `sign-in of ${input.email}`).toBe(200);
  const { user } = (await signIn.json()) as { user: { id: string } };
  const saved = await page.request.post(apiUrl(apiRoutes.saveUser), {
    data: {
      displayName: input.name,
      email: input.email,
      photoURL: '',
      role: input.role,
      uid: user.id,
      status: 'unverified',
    },
    headers: originHeader,
  });
  expect(saved.status(), `user record of ${input.email}`).toBe(201);
  const signOut = await page.request.post(authPaths.signOut, { data: {}, headers: originHeader });
  expect(signOut.status()).toBe(200);
  return user.id;
}

/**
 * Fills and submits the login form once the login page shows (React Router keeps the previous
 * page on screen while the next page's chunk loads).
 */
export async function submitLogin(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Login Now' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A 4×4 teal PNG, made here (sharp on the server accepts it as a real image). */
export function smallPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWNgWFWOQMRxAM5zEhERnB3FAAAAAElFTkSuQmCC',
    'base64',
  );
}

/**
 * The first link matching `pattern` in the newest mail to `email` that has one, in the server's
 * outbox (DATA_DIR/outbox/*.txt, written when SMTP_URL is unset). Waits up to 10 s for it.
 */
export async function readMailLink(email: string, pattern: RegExp): Promise<string> {
  const outbox = path.join(e2eDataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[]))
          .filter((name) => name.endsWith('.txt'))
          .sort()
          .reverse();
        for (const name of names) {
          const text = await readFile(path.join(outbox, name), 'utf8');
          if (!text.startsWith(`To: ${email}\n`)) continue;
          link = pattern.exec(text)?.[0];
          if (link) return true;
        }
        return false;
      },
      { message: `a mail to ${email} with ${pattern} in ${outbox}`, timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

/** The reset link of the newest password-reset mail to `email` (see readMailLink). */
export const readResetLink = (email: string) =>
  readMailLink(email, /https?:\/\/\S+\/reset-password\?token=\S+/);
