import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: a test file per core keeps PGlite's WASM start-up from starving the rest.
    maxWorkers: 2,
  },
});
