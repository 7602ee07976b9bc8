/**
 * Prepares a NEW embedded database in a child process (spawned by main.ts): PGlite's initdb,
 * the migrations and the demo data. PGlite never returns WebAssembly memory to the system, and
 * initdb alone grows the process to ~800 MB; done here, the server itself starts at the size of
 * an ordinary reopen (~250 MB). Prints `{"seeded": boolean}` as its last line; exits 1 on error.
 */
import { loadConfig } from '../config.js';
import { openConfiguredDatabase, prepareDatabase } from './prepare.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const seeded = await prepareDatabase(database, config);
  console.log(JSON.stringify({ seeded }));
} finally {
  await database.close();
}
