/**
 * Entry point: validates configuration, prepares the database, listens, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
 */
import closeWithGrace from 'close-with-grace';
import sharp from 'sharp';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { drain } from './lifecycle.js';
import { applyNodeEnv, ConfigError, isLocalUrl, loadConfig, type Config } from './config.js';
import { demoAccountsWithKnownPassword } from './auth/identities.js';
import { DEMO_PASSWORD, demoAccounts } from './db/demo/accounts.js';
import {
  isNewEmbeddedDatabase,
  openConfiguredDatabase,
  prepareDatabase,
  prepareInChildProcess,
} from './db/prepare.js';

/** How long in-flight requests may take to finish once the server closes (ms, after the drain). */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Before the app loads the server renderer (plugins/ssr.ts), which picks React's build by it.
  applyNodeEnv(config);

  // A new embedded database is created in a child process, so that PGlite's initdb does not
  // leave this process ~500 MB larger for its whole life (see db/prepare-cli.ts).
  const seededByChild = isNewEmbeddedDatabase(config) && (await prepareInChildProcess());
  const database = await openConfiguredDatabase(config);
  const seeded = (await prepareDatabase(database, config)) || seededByChild;
  // One libvips thread per image (sharp's default is one per CPU core): with one image decoded at
  // a time (routes/accounts/images.ts), a decode takes at most one core from the requests.
  sharp.concurrency(1);
  const app = await buildApp({ config, database, closeDatabase: true });
  // Anyone can sign in to a demo account, so say so loudly off localhost.
  const exposed = isLocalUrl(config.publicUrl)
    ? []
    : await demoAccountsWithKnownPassword(database.db);
  if (exposed.length > 0) {
    const warning =
      `WARNING: ${config.publicUrl} is public, and the demo accounts ${exposed.join(', ')} ` +
      `still sign in with the published demo password. Delete them or change their passwords.`;
    app.log.warn({ accounts: exposed }, warning);
    console.warn(`\n  ${warning}\n`);
  }

  // SIGTERM, SIGINT and close-with-grace's other stop signals (SIGHUP, SIGQUIT, SIGUSR2, the
  // fatal ones): serve SHUTDOWN_DRAIN_SECONDS while the health check says 503 (the balancer
  // takes the instance out meanwhile), then close. A crash closes at once.
  const drainMs = config.shutdownDrainMs;
  closeWithGrace({ delay: drainMs + SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else {
      app.log.info({ signal, drainMs }, 'shutting down');
      await drain(app, drainMs);
    }
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const db = config.databaseUrl ? 'PostgreSQL server' : `embedded PGlite in ${config.dataDir}`;
  console.log(
    [
      '',
      `  Second Gear is running at http://localhost:${port}  (${db}, ready in ${seconds} s)`,
      `  API documentation: http://localhost:${port}/api/docs`,
      ...(seeded
        ? [
            '  Demo data was loaded into the new database. Demo accounts:',
            ...demoAccounts.map(
              (account) =>
                `    ${account.email.padEnd(20)} ${account.isAdmin ? 'admin' : account.role}`,
            ),
            `    password for all: ${DEMO_PASSWORD}`,
          ]
        : []),
      config.admin ? `  Admin account: ${config.admin.email}` : '',
      metricsLine(app.metrics.address(), port, config.metrics),
      '',
    ]
      .filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1)
      .join('\n'),
  );
}

/** Where `GET /metrics` is served (decision 0032), for the start-up message; '' when it is not. */
function metricsLine(
  address: AddressInfo | undefined,
  port: number,
  metrics: Config['metrics'],
): string {
  if (!metrics) return '';
  const where = address ? `port ${address.port}` : `http://localhost:${port}/metrics`;
  return `  Metrics: ${where}${metrics.token ? ' (bearer token METRICS_TOKEN)' : ''}`;
}

main().catch((error: unknown) => {
  console.error('Second Gear could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
