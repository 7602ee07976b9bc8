import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `#contract/…`, `#server/…` (package.json "imports", decision 0033) resolve to the sources. Not
 * `module`: it would pick packages' bundler-only ESM builds (extensionless imports, e.g.
 * @opentelemetry/api), which Node cannot load when vitest leaves a package to Node.
 */
const conditions = ['second-gear-source', ...defaultServerConditions.filter((c) => c !== 'module')];

/**
 * Two projects, both run by `npm run test:api` (and so by `npm test` and CI):
 * - `api`: the server's API and unit tests and the SPA's pure logic (`src/**\/*.test.ts`), in Node;
 * - `components`: the SPA's component tests (`src/web/**\/*.test.tsx`) in happy-dom, the network
 *   answered by MSW from typed fixtures (src/web/test-support; docs/testing.md).
 * One project alone: `npx vitest run --project components`.
 */
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // Two cores: a test file per core keeps PGlite's WASM start-up from starving the rest.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // One migrated template database per run; each test file copies it (decision 0008).
          globalSetup: ['src/server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Test files of a worker share one module graph: the server's modules are imported once
          // per worker, not once per file (imports were most of the run). So no test may change
          // shared module state it does not restore, and nothing may use vi.mock (it would leak
          // into the files that follow); decision 0008.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test-support/setup.ts'],
          // A test waits on events, never on time; the limit is for a loaded machine (two cores
          // shared with the API tests' workers), where a long form can take seconds to fill.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
