/**
 * The server renderer's `prerender` (src/web/entry-server.tsx) comes from react-dom's own entry
 * for the runtime, `react-dom/static` (its Node build on Node), not from the edge build an
 * earlier version took to keep Node 20's async hook off (decision 0051).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the server renderer', () => {
  it("imports prerender from react-dom's entry for the runtime", () => {
    const source = readFileSync(path.join(root, 'src/web/entry-server.tsx'), 'utf8');
    expect(source).toContain("import { prerender } from 'react-dom/static';");
    expect(source).not.toContain('react-dom/static.edge');
  });

  it('renders with it on Node', async () => {
    const { prerender } = await import('react-dom/static');
    const { prelude } = await prerender(createElement('main', null, 'Second Gear'));
    expect(await new Response(prelude).text()).toBe('<main>Second Gear</main>');
  });
});
