import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `#contract/…`, `#server/…` (package.json "imports", decision 0033) resolve to the sources. Not
 * `module`: it would pick packages' bundler-only ESM builds (extensionless imports, e.g.
 * @opentelemetry/api), which Node cannot load when vitest leaves a package to Node.
 */
const conditions = ['second-gear-source', ...defaultServerConditions.filter((c) => c !== 'module')];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One migrated template database per run; each test file copies it (decision 0008).
    globalSetup: ['src/server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: a test file per core keeps PGlite's WASM start-up from starving the rest.
    maxWorkers: 2,
    // Test files of a worker share one module graph: the server's modules are imported once per
    // worker, not once per file (imports were most of the run). So no test may change shared
    // module state it does not restore, and nothing may use vi.mock (it would leak into the
    // files that follow); decision 0008.
    isolate: false,
  },
});
