/**
 * The parts of the shared contract (src/contract) that the SPA's entry chunk uses, imported from
 * the narrowest modules on purpose: the contract's zod schemas are built at module load, so every
 * module pulled in ships its schemas and zod itself (~27 KB gzipped for zod alone);
 * importing `contract/index` would also ship every other area's schemas. Types are erased.
 * `contract/paths` and `contract/limits` are zod-free for that reason. Lazy form pages import
 * the zod schemas through `contract-schemas.ts` instead.
 */
export {
  accessTokenStorageKey,
  accountApiPaths,
  apiPaths,
  authPaths,
  nextCursorHeader,
} from '../../contract/paths';
export { formatDollars } from '../../contract/money';
export { limits, registrationRoles, type RegistrationRole } from '../../contract/limits';
export type { Blog, Category, ProductCard, PromotedProduct } from '../../contract/index';
