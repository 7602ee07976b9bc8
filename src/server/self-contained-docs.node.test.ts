/**
 * The repository explains itself: no file of it cites a document that lives outside it (the
 * base contract is docs/product.md; designs are decision records), and comments say what and why,
 * never which issue asked. Migration file names may keep their history.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The tracked text files of the repository that people read: code, tests, scripts, docs. */
function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) =>
      /\.(ts|tsx|mjs|js|md|sql|sh|css|html|json|yml|yaml|conf|template)$|^\.ci\//.test(file),
    )
    .filter((file) => !file.startsWith('node_modules/'));
}

/** `file:line: text` for every line of the tracked files that `pattern` matches. */
function linesMatching(pattern: RegExp): string[] {
  const hits: string[] = [];
  for (const file of trackedFiles()) {
    if (file === 'src/server/self-contained-docs.node.test.ts') continue;
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (pattern.test(line)) hits.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return hits;
}

describe('the repository is self-contained', () => {
  it('cites no design, style or specification document from outside it', () => {
    expect(
      linesMatching(/DESIGN(\.md)?\s?§|\bDESIGN\.md\b|\bSTYLE\.md\b|\bspec §|marketplace\.md/),
    ).toEqual([]);
  });

  it('names no issue in code comments', () => {
    const issueNumber = /\b[Ii]ssues? #?\d+\b/;
    expect(
      linesMatching(issueNumber).filter((hit) => /^(src|tests|bench|scripts)\//.test(hit)),
    ).toEqual([]);
  });
});
