import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSourceCondition, projectRoot } from './paths.js';

const source = 'file:///repo/src/server/paths.ts';

describe('the source condition', () => {
  it('refuses source modules whose #contract imports resolve into dist', () => {
    expect(() =>
      assertSourceCondition(source, () => 'file:///repo/dist/contract/index.js'),
    ).toThrow(/--conditions=second-gear-source/);
    expect(() =>
      assertSourceCondition(source, () => 'file:///repo/src/contract/index.js'),
    ).not.toThrow();
    // The build itself resolves into dist, as it should; a runtime without a resolver is let be.
    expect(() =>
      assertSourceCondition('file:///repo/dist/server/paths.js', () => 'file:///repo/dist/x.js'),
    ).not.toThrow();
    expect(() => assertSourceCondition(source, undefined)).not.toThrow();
  });

  it('stops a TypeScript run without the condition with a message naming the flag', () => {
    const run = (conditions: string[]) =>
      spawnSync(
        process.execPath,
        [...conditions, '--import', 'tsx', path.join(projectRoot, 'src/server/paths.ts')],
        { encoding: 'utf8', timeout: 60_000 },
      );
    const without = run([]);
    expect(without.status).not.toBe(0);
    expect(without.stderr).toMatch(/without the second-gear-source condition/);
    expect(run(['--conditions=second-gear-source']).status).toBe(0);
  }, 120_000);
});
