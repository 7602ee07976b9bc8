/**
 * The server renderer's `prerender` (src/web/entry-server.tsx) must not turn on an async hook
 * for the whole process (decision 0022, "Better Auth's async context"): react-dom's Node build
 * runs every render in an `AsyncLocalStorage`, which on Node 20 costs every later request.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How many AsyncLocalStorage hooks write their store onto a new resource (a Timeout). */
function storageHooksOn(): number {
  const timer = setTimeout(() => undefined, 0);
  clearTimeout(timer);
  return Object.getOwnPropertySymbols(timer).filter((key) => key.description === 'kResourceStore')
    .length;
}

describe('the server renderer', () => {
  it('imports the Web Streams build of prerender', () => {
    const source = readFileSync(path.join(root, 'src/web/entry-server.tsx'), 'utf8');
    expect(source).toContain("import { prerender } from 'react-dom/static.edge';");
    expect(source).not.toMatch(/from 'react-dom\/static(\.node)?'/);
  });

  it('renders without turning on an AsyncLocalStorage hook', async () => {
    const before = storageHooksOn();
    const { prerender } = await import('react-dom/static.edge');
    const { prelude } = await prerender(createElement('main', null, 'Second Gear'));
    expect(await new Response(prelude).text()).toBe('<main>Second Gear</main>');
    expect(storageHooksOn()).toBe(before);
  });
});
