/**
 * vitest global set-up of the API tests (vitest.config.ts): migrates the run's template database
 * once (database.ts), hands it to every test file (`inject('databaseTemplate')`), and removes it
 * when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, dispose } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return dispose;
}
