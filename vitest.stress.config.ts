import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `#contract/…`, `#server/…` (package.json "imports", decision 0033) resolve to the sources. Not
 * `module`: it would pick packages' bundler-only ESM builds (extensionless imports, e.g.
 * @opentelemetry/api), which Node cannot load when vitest leaves a package to Node.
 */
const conditions = ['second-gear-source', ...defaultServerConditions.filter((c) => c !== 'module')];

/**
 * Load and fault tests (docs/reliability.md): each file starts the production server as
 * a child process and drives it over loopback HTTP. One file at a time (they measure the
 * server and use both cores), with timeouts sized for the 60 s load run.
 */
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['tests/stress/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/stress/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
