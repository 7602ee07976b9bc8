/**
 * Preloaded into a stress server (`node --expose-gc --import <this file>`) by
 * `startServer(storage, { memoryProbe: true })`; never part of the production server.
 *
 * On SIGWINCH (ignored by default, and by close-with-grace, which takes SIGUSR2) it runs two full garbage collections and writes `process.memoryUsage()` (bytes)
 * plus a sequence number to `DATA_DIR/memory-probe.json`: the memory the process still holds
 * once garbage is gone, which is what a leak grows. RSS alone cannot tell a leak from garbage
 * that V8 has not collected yet: under load V8 lets its old space grow by hundreds of MiB
 * before a major collection (docs/reliability.md).
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.join(process.env.DATA_DIR ?? '.', 'memory-probe.json');
let sequence = 0;
process.on('SIGWINCH', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  sequence += 1;
  // Written aside and renamed, so a reader never sees half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify({ sequence, ...process.memoryUsage() }));
  renameSync(`${file}.tmp`, file);
});
