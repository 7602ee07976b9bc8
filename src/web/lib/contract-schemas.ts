/**
 * The contract's zod schemas the SPA's forms use (one rule, one message: STYLE.md). Import this
 * module ONLY from lazy route chunks: it ships zod (~27 KB gzipped), which must stay out of the
 * entry chunk (home route budget, scripts/bundle-size.mjs).
 */
export { passwordSchema } from '../../contract/accounts';
