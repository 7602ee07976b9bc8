/**
 * The parts of the shared contract (src/contract) that the SPA's entry chunk uses, imported from
 * the narrowest modules on purpose: the contract's zod schemas are built at module load, so every
 * module pulled in ships its schemas and zod itself (~27 KB gzipped for zod alone);
 * importing `contract/index` would also ship every other area's schemas. Types are erased.
 * `contract/paths` and `contract/limits` are zod-free for that reason. Lazy form pages import
 * the zod schemas through `contract-schemas.ts` instead.
 *
 * `contract/accounts` mixes zod schemas with the identity paths the auth provider (entry chunk)
 * needs, so those few constants are mirrored here. The mirror cannot drift: `satisfies` makes
 * the compiler compare each literal with the contract's, and contract-mirror.test.ts compares
 * the URL builders at run time.
 */
import type {
  accessTokenStorageKey as contractAccessTokenStorageKey,
  authPaths as contractAuthPaths,
} from '../../contract/accounts';

export { apiPaths, nextCursorHeader } from '../../contract/paths';
export { formatDollars } from '../../contract/money';
export { limits, registrationRoles, type RegistrationRole } from '../../contract/limits';
export type { Blog, Category, ProductCard, PromotedProduct } from '../../contract/index';

/** Spec §3/§9: the local-storage key of the API token (mirror of the contract's). */
export const accessTokenStorageKey = 'access-token' satisfies typeof contractAccessTokenStorageKey;

/** The identity provider's endpoints (mirror of the contract's `authPaths`, which documents them). */
export const authPaths = {
  signUp: '/api/auth/sign-up/email',
  signIn: '/api/auth/sign-in/email',
  signInWithGoogle: '/api/auth/sign-in/social',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/get-session',
  updateUser: '/api/auth/update-user',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
} as const satisfies typeof contractAuthPaths;

/** URL builders of the account calls (mirror of the contract's `accountApiPaths`). */
export const accountApiPaths = {
  authConfig: () => '/api/auth-config',
  token: () => '/api/jwt',
  users: () => '/api/users',
  images: () => '/api/images',
  isAdmin: (uid: string) => `/api/user/admin/${encodeURIComponent(uid)}`,
  isSeller: (uid: string) => `/api/user/seller/${encodeURIComponent(uid)}`,
  isBuyer: (uid: string) => `/api/user/buyer/${encodeURIComponent(uid)}`,
} as const;
