import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The SPA's feature folders (src/web/features/<feature>): each may import only itself and the
 * shared code (components, lib, the contract), never another feature or the app (decision 0007).
 * Read from the disk, so a new feature is fenced in the day its folder appears.
 */
const webFeatures = readdirSync(new URL('./src/web/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Contract modules free of zod: the only ones the SPA may import at run time from shared code. */
const zodFreeContract = [
  'deal-states',
  'images',
  'limits',
  'listing-state',
  'money',
  'paths',
  'proof-of-work-texts',
  'routes',
  'route-table',
  'script-json',
  'spa-paths',
  'verification-texts',
];

// In `group` patterns (gitignore syntax) a leading `#` starts a comment, so the subpath imports
// of package.json (`#contract/…`, `#server/…`, `#web/…`; decision 0033) are written `\\#…`.

/** The deprecated named URL builders, kept only for the server's API tests (decision 0007). */
const legacyApiPaths = {
  group: [
    '**/contract/api-paths',
    '**/contract/api-paths.js',
    '\\#contract/api-paths',
    '\\#contract/api-paths.js',
  ],
  message:
    'Build URLs from the contract: apiCall(apiRoutes.<route>, …) in the SPA, apiUrl(apiRoutes.<route>, …) in tests (decision 0007).',
};

/**
 * An import that climbs three folders or more names the module by its subpath import instead:
 * `#contract/…`, `#server/…`, `#web/…` (package.json "imports", decision 0033). Part of every
 * `no-restricted-imports` below: a file's last matching block sets the rule's whole option list.
 */
const noDeepRelative = {
  regex: '^(\\.\\./){3,}',
  message:
    'Import by subpath (#contract/…, #server/…, #web/…) instead of climbing three folders or more (decision 0033).',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/server/db/migrations',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': ['error', { patterns: [noDeepRelative] }],
    },
  },
  {
    // typescript-eslint's type-aware recommended rules, on the code that runs (src, tests,
    // bench, scripts; configs are not checked with types, which cost time): values of type
    // `any` used unchecked, methods passed unbound, non-errors thrown, objects stringified as
    // "[object Object]", casts the types already make. Among them, unhandled promises: a
    // floating promise loses its rejection (an unhandled rejection ends the server), and a
    // promise where a void callback is expected (an event handler, a Fastify hook's `done`
    // style) runs unawaited. Fire-and-forget is written `void promise` with its errors handled.
    files: ['{src,tests,bench,scripts}/**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      // Two programs, not `projectService`: the project service takes each file's nearest
      // tsconfig.json, and the SPA's files are only in tsconfig.web.json.
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Fastify's plugins, hooks and handlers are async by contract (a plugin returns a promise
      // or calls `done`), and about sixty of ours have nothing to await: the rule would make each
      // a callback plugin or an exception. An async function that awaits nothing is harmless; a
      // promise left unawaited is what no-floating-promises catches.
      '@typescript-eslint/require-await': 'off',
      // A switch over a union names every member or has a default: a new member is a list of
      // the places to decide, not a silent fall-through.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '\\#server/**'],
              message: 'The SPA imports src/contract, never src/server.',
            },
            legacyApiPaths,
            noDeepRelative,
          ],
          paths: [
            {
              name: 'react-hot-toast',
              message:
                'Import toast from src/web/lib/toast: it mounts the Toaster once loaded, and keeps the library out of the entry chunk.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/e2e/**/*.ts', 'tests/stress/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            legacyApiPaths,
            {
              group: ['**/contract/index.js', '\\#contract/index.js'],
              importNames: ['apiPaths'],
              message: legacyApiPaths.message,
            },
            noDeepRelative,
          ],
        },
      ],
    },
  },
  {
    // Import boundaries (decision 0007), resolved like TypeScript resolves them.
    files: ['src/web/**/*.{ts,tsx}', 'src/contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse .ts/.tsx dependencies too (import-x reads only .js by default, and would see no cycle).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.web.json', 'tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature imports only itself and shared code, never another feature.
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message: `A feature imports only shared code (components, lib, contract): move what ${feature} needs from another feature to shared code, or compose the two in src/web/app (decision 0007).`,
            })),
            {
              target: ['./src/web/features', './src/web/components', './src/web/lib'],
              from: './src/web/app',
              message:
                'Imports flow shared → features → app: only src/web/app imports src/web/app (decision 0007).',
            },
            {
              target: ['./src/web/components', './src/web/lib'],
              from: './src/web/features',
              message:
                'Shared code (components, lib) imports no feature: imports flow shared → features → app (decision 0007).',
            },
          ],
        },
      ],
    },
  },
  {
    // The entry chunk (app, shared components and lib) must not ship zod: the contract's schema
    // modules build their schemas at load, so shared code imports only their types. Feature code
    // is lazy-loaded and may use the schemas (forms); `npm run size` weighs the home route.
    files: ['src/web/{app,components,lib}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^#|/)contract/(?!(${zodFreeContract.join('|')})(\\.js)?$)[^/]+$`,
              allowTypeImports: true,
              message:
                'Shared SPA code imports the zod contract modules as types only (import type): they would ship zod in the entry chunk. Zod-free: contract/{deal-states,images,limits,listing-state,money,paths,proof-of-work-texts,routes,route-table,script-json,spa-paths,verification-texts}.',
            },
          ],
        },
      ],
    },
  },
  {
    // Nowhere in the SPA does contract/index come in at run time: it would load every area's schemas.
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '((^|/)\\.\\./|^#)contract(/index)?(\\.js)?$',
              allowTypeImports: true,
              message:
                "Import the contract module you need (e.g. contract/orders), not contract/index: it would load every area's schemas.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '\\#server/**', '\\#web/**'],
              message: 'The contract imports nothing of ours.',
            },
            noDeepRelative,
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '\\#web/**'], message: 'The server never imports the SPA.' },
            noDeepRelative,
          ],
        },
      ],
    },
  },
);
