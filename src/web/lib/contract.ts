/**
 * The parts of the shared contract (src/contract) that the SPA uses, imported from the narrowest
 * modules on purpose: the contract's zod schemas are built at module load, so every module pulled
 * in ships its schemas and zod itself. `contract/api` (for `apiPaths`) costs ~29 KB gzipped today;
 * importing `contract/index` would also ship every other area's schemas. Types are erased.
 * Contract request: move `apiPaths` and `nextCursorHeader` to a zod-free module.
 */
export { apiPaths, nextCursorHeader } from '../../contract/api';
export { formatDollars } from '../../contract/money';
export type { Blog, Category, ProductCard, PromotedProduct } from '../../contract/index';
