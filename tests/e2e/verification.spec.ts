/**
 * Verified people (decision 0044), at 360 px and 1440 px: a seller verifies their phone number
 * from the profile with the code read from the sandbox SMS outbox, and the "Phone verified"
 * badge appears on their listing; a seller verifies their identity with the sandbox's test
 * document number and the "ID verified" badge appears; a new buyer signs up through the
 * registration page, whose browser solves the proof of work; a new buyer's first message with a
 * link is refused with the reason and how to lift it shown in the message dialog, and the same
 * message without it goes out with the browser's proof of work; the admin's Verify dialog lists
 * the evidence to decide on.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import sharp from 'sharp';
import {
  DEMO_ADMIN,
  signInViaApi,
  smallPng,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { postListingAs } from './support/listings.js';
import { e2eDataDir } from './support/server-env.js';
import { newSignedInUser } from './support/users.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'verification');

/** The code of the last text message to `to` in the sandbox outbox; waits up to 10 s. */
async function codeSentTo(to: string): Promise<string> {
  const outbox = path.join(e2eDataDir, 'sms-outbox');
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[]))
          .filter((name) => name.endsWith('.json'))
          .sort();
        for (const name of names.reverse()) {
          const message = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as {
            to: string;
            body: string;
          };
          if (message.to === to) {
            code = /\b\d{6}\b/.exec(message.body)?.[0];
            break;
          }
        }
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

for (const width of [360, 1440]) {
  test(`a seller verifies a phone number and the badge shows on the listing (${width} px)`, async ({
    browser,
  }) => {
    const seller = await newUser(browser, 'seller', width);
    const { id } = await postListingAs(seller, { name: 'Verified hatchback', price: 6500 });
    // A fictional number (555-01xx), one per width so parallel runs never share it.
    const national = width === 360 ? '(415) 555-0136' : '(415) 555-0144';
    const e164 = `+1${national.replace(/\D/g, '')}`;

    await seller.page.goto('/user/profile');
    await seller.page.getByRole('textbox', { name: 'Phone number' }).fill(national);
    await seller.page.getByRole('button', { name: 'Send code' }).click();
    await expect(seller.page.getByRole('status').filter({ hasText: e164 })).toBeVisible({
      timeout: 30_000,
    });
    await seller.page.getByLabel('Code from the text message').fill(await codeSentTo(e164));
    await seller.page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(seller.page.getByTestId('phone-verified')).toContainText(e164, {
      timeout: 30_000,
    });

    await seller.page.goto(`/listing/${id}`);
    const badges = seller.page.getByTestId('verification-badges');
    await expect(badges.getByText('Phone verified')).toBeVisible({ timeout: 30_000 });
    await expect(badges.getByText('ID verified')).toHaveCount(0);
    // The badge says what it promises.
    await badges.getByText('Phone verified').click();
    await expect(badges.getByText(/entered a code we sent by text message/)).toBeVisible();
    const overflow = await seller.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await seller.page.context().close();
  });

  test(`a new buyer's first message with a link is refused with the reason (${width} px)`, async ({
    browser,
  }) => {
    const seller = await newUser(browser, 'seller', width);
    const buyer = await newUser(browser, 'buyer', width);
    const { id, name } = await postListingAs(seller, { name: 'First contact estate', price: 5200 });

    await buyer.page.goto(`/listing/${id}`);
    await expect(buyer.page.getByRole('heading', { level: 1, name })).toBeVisible({
      timeout: 30_000,
    });
    await buyer.page.getByRole('button', { name: 'Message seller' }).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Message seller' });
    await dialog
      .getByLabel('Message', { exact: true })
      .fill('More photos here: https://example.org/photos');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('cannot contain links', { timeout: 30_000 });
    await expect(alert).toContainText('verify your phone number');
    await expect(buyer.page).toHaveURL(new RegExp(`/listing/${id}$`));

    // Without the link it goes out, with the proof of work the browser solved meanwhile.
    await dialog.getByLabel('Message', { exact: true }).fill('Is it still for sale?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(buyer.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(
      buyer.page.getByTestId('message').filter({ hasText: 'Is it still for sale?' }),
    ).toBeVisible();
    await seller.page.context().close();
    await buyer.page.context().close();
  });

  test(`a new buyer signs up; the registration page's browser solves the proof of work (${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/registration');
    await expect(page.getByRole('heading', { level: 1, name: 'Register Now' })).toBeVisible();
    // The check starts with the page and says when it is done.
    await expect(page.getByTestId('proof-of-work')).toHaveText('Browser checked', {
      timeout: 30_000,
    });
    await page.getByLabel('Name').fill('Pat Proof');
    await page.getByLabel('Email').fill(uniqueEmail('proof'));
    await page
      .getByLabel('Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: smallPng() });
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Registration Success', {
      timeout: 30_000,
    });
    await expect(page).toHaveURL('/login', { timeout: 10_000 });
    await context.close();
  });

  test(`a seller verifies their identity in the sandbox and the ID badge shows (${width} px)`, async ({
    browser,
  }) => {
    const seller = await newUser(browser, 'seller', width);
    const { id } = await postListingAs(seller, { name: 'Identity coupe', price: 7100 });
    const picture = (red: number) =>
      sharp({
        create: { width: 32, height: 32, channels: 3, background: { r: red, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();

    await seller.page.goto('/user/profile');
    const section = seller.page.locator('#profile-identity');
    await expect(section.getByRole('heading', { name: 'Identity' })).toBeVisible();
    await section.getByLabel('Photo of your ID document').setInputFiles({
      name: 'document.png',
      mimeType: 'image/png',
      buffer: await picture(width % 256),
    });
    await section
      .getByLabel('Selfie')
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await picture(200) });
    await section.getByLabel('Document number').fill('000000000');
    await section.getByRole('button', { name: 'Verify my identity' }).click();
    await expect(section.getByTestId('identity-verified')).toContainText('ID verified', {
      timeout: 30_000,
    });

    await seller.page.goto(`/listing/${id}`);
    const badges = seller.page.getByTestId('verification-badges');
    await expect(badges.getByText('ID verified')).toBeVisible({ timeout: 30_000 });
    await badges.getByText('ID verified').click();
    await expect(badges.getByText(/matched the seller’s photo ID with a selfie/)).toBeVisible();
    const overflow = await seller.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await seller.page.context().close();
  });

  test(`the admin's Verify dialog lists the evidence (${width} px)`, async ({ browser }) => {
    const seller = await newUser(browser, 'seller', width);
    await postListingAs(seller, { name: 'Evidence wagon', price: 4300 });
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin');
    const row = page.getByTestId('user-row').filter({ hasText: seller.email });
    await row.getByRole('button', { name: `Verify ${seller.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Verify ${seller.name}?` });
    const facts = dialog.getByTestId('confirmation-facts');
    await expect(facts).toContainText('PhoneNot verified', { timeout: 30_000 });
    await expect(facts).toContainText('IDNot checked');
    await expect(facts).toContainText('Account age0 days');
    await expect(facts).toContainText('Listings1 live of 1');
    await expect(facts).toContainText('Reports0 reports of listings, 0 reports of messages');
    await expect(facts).toContainText("The seller's account is 0 days old");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: "Don't Confirm", exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Changes are not saved');
    await context.close();
    await seller.page.context().close();
  });
}
