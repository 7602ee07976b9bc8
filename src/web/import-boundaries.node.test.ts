/**
 * The SPA's import rules (decision 0007) are enforced by `npm run lint`: this runs ESLint with the
 * repository's own config (eslint.config.js) on probe texts placed inside src/web, and shows that
 * it refuses a feature→feature import, a feature→app import, a shared→feature import, an import
 * cycle and zod reaching the entry chunk, and accepts what the rules allow.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

/** The rule that asks for a subpath import over three folders up (its own test is below). */
const climbMessage = 'instead of climbing three folders or more';

/**
 * The rules ESLint reports for `text` as if it were the file `file` (relative to the root), but
 * the subpath rule: the probes climb on purpose, to test the boundaries on relative paths too.
 */
async function violations(text: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => !message.message.includes(climbMessage))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    // The probes are no files on disk, so no TypeScript program holds them: they are linted
    // without type information, with typescript-eslint's own preset that turns the type-aware
    // rules (about promises, types and switches, not imports) off.
    overrideConfig: tseslint.configs.disableTypeChecked,
  });
});

describe('npm run lint on src/web', () => {
  it('refuses an import from one feature into another', async () => {
    const found = await violations(
      "export { useCategories } from '../../catalog/api/get-categories';\n",
      'src/web/features/orders/api/probe.ts',
    );
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature imports only shared code/),
    ]);
  });

  it('refuses a lazy (dynamic) import from another feature too', async () => {
    const found = await violations(
      "export const load = () => import('../../orders/components/booking-modal');\n",
      'src/web/features/catalog/components/probe.ts',
    );
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
  });

  it('refuses a feature importing the app, and shared code importing a feature', async () => {
    expect(
      await violations(
        "export { routes } from '../../../app/router';\n",
        'src/web/features/blogs/api/probe.ts',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only src\/web\/app/)]);
    expect(
      await violations(
        "export { useBlogs } from '../features/blogs/api/get-blogs';\n",
        'src/web/lib/probe.ts',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Shared code/)]);
  });

  it('refuses an import cycle', async () => {
    // lib/paths.ts is imported by lib/auth/guards.tsx: importing guards back closes a cycle.
    const paths = readFileSync(path.join(root, 'src/web/lib/paths.ts'), 'utf8');
    const found = await violations(
      `${paths}\nexport { RequireAuth } from './auth/guards';\n`,
      'src/web/lib/paths.ts',
    );
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });

  it('refuses zod schemas at run time in shared code (the entry chunk), but not their types', async () => {
    const file = 'src/web/lib/probe.ts';
    expect(
      await violations("export { newOrderSchema } from '../../contract/orders';\n", file),
    ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: /)]);
    expect(
      await violations("export type { NewOrder } from '../../contract/orders';\n", file),
    ).toEqual([]);
  });

  it('refuses the deprecated URL builders in the SPA', async () => {
    const found = await violations(
      "export { apiPaths } from '../../../../contract/api-paths';\n",
      'src/web/features/orders/api/probe.ts',
    );
    expect(found).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*apiRoutes/));
  });

  it('applies the same rules to subpath imports (#web/…, #contract/…, #server/…)', async () => {
    const feature = 'src/web/features/orders/api/probe.ts';
    expect(
      await violations(
        "export { useCategories } from '#web/features/catalog/api/get-categories';\n",
        feature,
      ),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature imports only shared code/),
    ]);
    expect(await violations("export { routes } from '#web/app/router';\n", feature)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only src\/web\/app/),
    ]);
    expect(
      await violations("export { newOrderSchema } from '#contract/index';\n", feature),
    ).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*contract\/index/),
    ]);
    expect(
      await violations("export { apiPaths } from '#contract/api-paths';\n", feature),
    ).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*apiRoutes/));
    expect(
      await violations("export { openDatabase } from '#server/db/client.js';\n", feature),
    ).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*never src\/server/));
    expect(
      await violations(
        "export { newOrderSchema } from '#contract/orders';\n",
        'src/web/lib/probe.ts',
      ),
    ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: /)]);
    expect(
      await violations(
        [
          "export { apiCall } from '#web/lib/api-client';",
          "export { ProgressBar } from '#web/components/progress-bar';",
          "export { newOrderSchema } from '#contract/orders';",
          '',
        ].join('\n'),
        feature,
      ),
    ).toEqual([]);
  });

  it('accepts a feature importing itself, shared code and the contract; and the app importing features', async () => {
    expect(
      await violations(
        [
          "export { useCreateOrder } from './create-order';",
          "export { apiCall } from '../../../lib/api-client';",
          "export { useAuth } from '../../../lib/auth/auth-context';",
          "export { ProgressBar } from '../../../components/progress-bar';",
          "export { newOrderSchema } from '../../../../contract/orders';",
          '',
        ].join('\n'),
        'src/web/features/orders/api/probe.ts',
      ),
    ).toEqual([]);
    expect(
      await violations(
        [
          "export { CategoryProducts } from '../../features/catalog/components/category-products';",
          "export { BuyerActions } from '../../features/orders/components/buyer-actions';",
          '',
        ].join('\n'),
        'src/web/app/routes/probe.ts',
      ),
    ).toEqual([]);
  });

  it('asks for a subpath import instead of climbing three folders or more', async () => {
    const [result] = await eslint.lintText("export { apiCall } from '../../../lib/api-client';\n", {
      filePath: path.join(root, 'src/web/features/orders/api/probe.ts'),
    });
    expect(result?.messages.map((message) => message.message)).toEqual([
      expect.stringContaining(climbMessage),
    ]);
  });
});
