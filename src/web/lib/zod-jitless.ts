/**
 * Zod in the browser without its JIT (first import of main.tsx, before any chunk loads zod).
 * Zod 4 compiles object schemas with `new Function` when it may, and finds out by trying once:
 * under our Content-Security-Policy (no 'unsafe-eval', plugins/security.ts) that try is a
 * reported CSP violation on every page that validates a form (Lighthouse's "Issues logged in
 * the Chrome DevTools Issues panel"). Zod reads its settings from
 * `globalThis.__zod_globalConfig`, so this sets `jitless` without pulling zod into the entry
 * chunk. The server keeps the JIT.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
