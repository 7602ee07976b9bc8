/**
 * The server's VAPID key pair (RFC 8292; decision 0045): the public key identifies this server
 * to browsers' push services, the private key signs each push request's JWT. From
 * `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`; without them a pair is generated once with `web-push`
 * and kept in `DATA_DIR/vapid-keys.json` (mode 0600), like the generated AUTH_SECRET
 * (auth/secret.ts), so subscriptions survive restarts. Several instances must share the keys.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config.js';

/** A VAPID key pair (base64url) and the contact push services may use. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` URL. */
  subject: string;
}

/** `mailto:` + the address of MAIL_FROM (`Name <a@b>` or `a@b`). */
function defaultSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * Returns the configured keys, or the persisted generated pair (creating it on first use).
 * @throws Error when only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY is set, or the kept file
 * is not a key pair.
 */
export function resolveVapidKeys(
  config: Pick<Config, 'vapid' | 'dataDir' | 'mailFrom'>,
): VapidKeys {
  const subject = config.vapid.subject ?? defaultSubject(config.mailFrom);
  const { publicKey, privateKey } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const file = path.join(config.dataDir, 'vapid-keys.json');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two instances starting at once keep the first pair.
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string') {
    throw new Error(`${file} must hold a VAPID key pair; delete it to generate a new one`);
  }
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}
