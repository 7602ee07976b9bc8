/**
 * The parts of the shared contract (src/contract) that the SPA uses, imported from the narrowest
 * modules on purpose: the contract's zod schemas are built at module load, so every module pulled
 * in ships its schemas and zod itself (~27 KB gzipped for zod alone);
 * importing `contract/index` would also ship every other area's schemas. Types are erased.
 * `contract/paths` is zod-free for that reason.
 */
export { apiPaths, nextCursorHeader } from '../../contract/paths';
export { formatDollars } from '../../contract/money';
export type { Blog, Category, ProductCard, PromotedProduct } from '../../contract/index';
