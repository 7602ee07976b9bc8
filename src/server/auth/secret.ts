/**
 * The server's signing secret (AUTH_SECRET). When the operator sets none, a random one is made
 * once and kept in `DATA_DIR/auth-secret` (mode 0600), so sessions and tokens survive restarts.
 * Several instances behind a load balancer must share AUTH_SECRET (docs/architecture.md).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** Length of a generated secret: 32 random bytes, stored as 64 hex characters. */
const GENERATED_SECRET_BYTES = 32;

/**
 * Returns AUTH_SECRET, or the persisted generated secret (creating it on first use).
 * @throws Error when the secret file exists but holds fewer than 32 characters.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two instances starting at once keep the first secret.
    writeFileSync(file, randomBytes(GENERATED_SECRET_BYTES).toString('hex'), {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${file} must hold at least 32 characters; delete it to generate a new one`);
  }
  return secret;
}
