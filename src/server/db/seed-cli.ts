/**
 * `npm run seed [-- --reset]`: migrates the configured database (DATA_DIR or DATABASE_URL) and
 * loads the demo data when it is empty. With `--reset` it first deletes every row, then loads the
 * demo data again; either way the demo accounts can then sign in with DEMO_PASSWORD. Stop the
 * server first when it uses the embedded database: PGlite is opened by one process at a time.
 */
import { createDemoIdentities, ensureAdminAccount } from '../auth/identities.js';
import { ConfigError, loadConfig } from '../config.js';
import { openConfiguredDatabase } from './prepare.js';
import { DEMO_PASSWORD, demoAccounts } from './demo/accounts.js';
import { deleteAllRows } from './demo/reset.js';
import { isDatabaseEmpty, seedDemoData, type DemoSummary } from './demo/seed.js';
import { createImageStore } from '../storage/image-store.js';

const usage = 'Usage: npm run seed [-- --reset]';

function printSummary(summary: DemoSummary, seconds: string): void {
  console.log(
    [
      `Demo data loaded in ${seconds} s:`,
      `  ${summary.users} users (${summary.sellers} sellers, ${summary.buyers} buyers; ${summary.admins} admin)`,
      `  ${summary.categories} categories, ${summary.products} products ` +
        `(${summary.promoted} promoted, ${summary.sold} sold)`,
      `  ${summary.orders} orders, ${summary.payments} payments, ${summary.reports} reports`,
      `  ${summary.blogs} blog posts, ${summary.images} pictures`,
      `  ${summary.activity.offers} offers, ${summary.activity.conversations} conversations, ` +
        `${summary.activity.reviews} reviews, ${summary.activity.favourites} favourites, ` +
        `${summary.activity.savedSearches} saved searches, ${summary.activity.views} listing views, ` +
        `${summary.activity.appeals} appeal`,
      '',
      `Demo accounts (password: ${DEMO_PASSWORD}):`,
      ...demoAccounts.map(
        (account) =>
          `  ${account.email.padEnd(22)} ${account.isAdmin ? 'admin' : account.role} (${account.displayName})`,
      ),
    ].join('\n'),
  );
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--reset');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}\n${usage}`);
    return 2;
  }
  const reset = argv.includes('--reset');
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (!(await isDatabaseEmpty(database.db))) {
      if (!reset) {
        console.log(
          'The database already has data; nothing was loaded. ' +
            'Run "npm run seed -- --reset" to delete everything and load the demo data again.',
        );
        return 0;
      }
      const tables = await deleteAllRows(database.db);
      console.log(`Deleted all rows of ${tables.length} tables.`);
    }
    const startedAt = performance.now();
    const imageStore = await createImageStore(config.imageStorage);
    const summary = await seedDemoData(database.db, { imageStore }).finally(() =>
      imageStore.close(),
    );
    // As on a first start (prepare.ts): the demo accounts get their sign-in identities, and a
    // reset must not lose the operator's admin account.
    await createDemoIdentities(database.db);
    if (config.admin) await ensureAdminAccount(database.db, config.admin);
    printSummary(summary, ((performance.now() - startedAt) / 1000).toFixed(1));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Seeding failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
