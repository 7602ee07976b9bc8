/** docs/product.md §2: the not-found page, the role not-found pages, Blogs and the Login placeholder. */
import { expect, test } from '@playwright/test';
import { getBlogs } from './support/api.js';

test('an unknown route shows "Uh-oh!" and GO BACK HOME returns to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Uh-oh!' })).toBeVisible();
  await expect(page.getByText('We can not find that page.')).toBeVisible();
  await page.getByRole('link', { name: 'GO BACK HOME' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Browse items by category' })).toBeVisible();
});

for (const [path, message] of [
  ['/admin-not-found', 'You Are Not An Admin'],
  ['/seller-not-found', 'You Are Not A Seller'],
  ['/buyer-not-found', 'You Are Not A Buyer'],
] as const) {
  test(`${path} says "${message}"`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message);
  });
}

test('/blogs lists the questions, and an answer opens on click', async ({ page, request }) => {
  const blogs = await getBlogs(request);
  expect(blogs.length, 'demo data has blog posts').toBeGreaterThan(0);

  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  const items = page.getByTestId('blog-item');
  await expect(items).toHaveCount(blogs.length);
  await expect(items.first().locator('summary')).toHaveText(blogs[0]!.question);

  const firstAnswer = items.first().getByText(blogs[0]!.answer);
  await expect(firstAnswer).toBeHidden();
  await items.first().locator('summary').click();
  await expect(firstAnswer).toBeVisible();
  await items.first().locator('summary').press('Enter');
  await expect(firstAnswer).toBeHidden();
});

test('the Login button opens the login page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
});
