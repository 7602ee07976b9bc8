/**
 * The server renderer's `prerender` (src/web/entry-server.tsx) comes from react-dom's Web Streams
 * build for edge runtimes, which runs no render in an `AsyncLocalStorage` on Node: react-dom's
 * Node build does, and on Node 20 and 22 that turns on an async hook for the whole process which
 * costs every later request (decision 0022, "Better Auth's async context"). Whether a hook is on
 * can only be seen in Node's private state, so this checks the import and the render, and
 * `npm run bench` measures the cost (decision 0031).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the server renderer', () => {
  it('imports the Web Streams build of prerender', () => {
    const source = readFileSync(path.join(root, 'src/web/entry-server.tsx'), 'utf8');
    expect(source).toContain("import { prerender } from 'react-dom/static.edge';");
    expect(source).not.toMatch(/from 'react-dom\/static(\.node)?'/);
  });

  it('renders with it on Node', async () => {
    const { prerender } = await import('react-dom/static.edge');
    const { prelude } = await prerender(createElement('main', null, 'Second Gear'));
    expect(await new Response(prelude).text()).toBe('<main>Second Gear</main>');
  });
});
