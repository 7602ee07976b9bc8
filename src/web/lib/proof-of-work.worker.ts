/**
 * A proof-of-work solver thread (decision 0044): altcha-lib's worker protocol (`work` with a
 * challenge and a counter range, `abort`) with the browser's PBKDF2 from Web Crypto. Started by
 * lib/proof-of-work.ts, one per core, each trying every n-th counter.
 */
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

handler({ deriveKey });
