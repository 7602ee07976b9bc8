/**
 * Password hashing for the identity provider: argon2id with m = 19456 KiB (19 MiB), t = 2, p = 1,
 * the minimum OWASP ASVS 5.0 §11.4.2 (and the OWASP Password Storage Cheat Sheet) accepts. Better
 * Auth's default scrypt parameters fall short of it, so these functions are plugged into
 * `emailAndPassword.password` (src/server/auth/better-auth.ts) and used for seeded identities.
 */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolatedModules cannot read from the package). */
const ARGON2ID = 2 as Algorithm;

/** The parameters every new hash uses; stored hashes read `$argon2id$v=19$m=19456,t=2,p=1$…`. */
export const argon2Options: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes a password; returns the PHC string (salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/**
 * True when `password` matches the PHC string `hash`. A malformed or non-argon2 hash answers
 * false instead of throwing, so a damaged row reads as a wrong password.
 */
export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}
