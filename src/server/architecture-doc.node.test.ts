/**
 * docs/architecture.md names every server area and every web feature that exists: its "Server
 * areas" table has one row per folder of src/server/routes (first cell `routes/<area>`), its "Web
 * features" table one row per folder of src/web/features (first cell `features/<feature>`), its
 * "Folders" table one row per folder of src/server and src/web (first cell `src/<side>/<name>/`).
 * A new folder without a row, or a row whose folder is gone, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The folder names directly under `dir` (relative to the repository root), sorted. */
function folders(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The names in the first cells of the table under the `## <heading>` section of the doc that
 * read `` `<prefix>/<name>` ``, sorted. Throws when the section is missing.
 */
function tableNames(heading: string, prefix: string): string[] {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no "## ${heading}" section`);
  const next = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, next < 0 ? undefined : next);
  const cell = new RegExp(`^\\|\\s*\`${prefix}/([^\`/]+)/?\`\\s*\\|`);
  return section
    .split('\n')
    .map((line) => cell.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

describe('docs/architecture.md', () => {
  it('has a row for every server area in src/server/routes, and none for a missing one', () => {
    expect(tableNames('Server areas', 'routes')).toEqual(folders('src/server/routes'));
  });

  it('has a row for every web feature in src/web/features, and none for a missing one', () => {
    expect(tableNames('Web features', 'features')).toEqual(folders('src/web/features'));
  });

  it('has a Folders row for every folder of src/server and src/web, and none for a missing one', () => {
    for (const side of ['server', 'web']) {
      // Folders only: rows such as `src/server/app.ts` name files.
      const names = tableNames('Folders', `src/${side}`).filter((name) => !name.includes('.'));
      const expected = folders(`src/${side}`).filter(
        // The two folders of many areas have their rows as `routes/<area>/`, `features/<area>/`.
        (name) => !['routes', 'features'].includes(name),
      );
      expect(names, `src/${side}`).toEqual(expected);
    }
  });
});
