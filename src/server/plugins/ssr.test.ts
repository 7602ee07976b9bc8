/**
 * Decision 0015: the page shell around a server-rendered page — React's hoisted elements move
 * to the head, listing text cannot break out of an attribute or a script, and a broken template
 * is refused.
 */
import { describe, expect, it } from 'vitest';
import { pageHtml, splitHoisted, type RenderedPage } from './ssr.js';

const template = [
  '<!doctype html><html><head>',
  '<meta name="description" content="Default" />',
  '<title>Second Gear</title>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const page = (over: Partial<RenderedPage['head']> = {}, html = '<main>x</main>'): RenderedPage => ({
  status: 200,
  head: { title: 'A | Second Gear', description: 'D', canonicalPath: '/listing/1', ...over },
  html,
  state: '{"queries":[]}',
});

describe('pageHtml', () => {
  it('replaces the default title and description and fills #root with the HTML and state', () => {
    const html = pageHtml(template, page({ image: '/uploads/a.webp' }), 'https://cars.example');
    expect(html).not.toContain('content="Default"');
    expect(html).toContain('<title>A | Second Gear</title>');
    expect(html).toContain('<link rel="canonical" href="https://cars.example/listing/1" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://cars.example/uploads/a.webp" />',
    );
    expect(html).toContain(
      '<div id="root"><main>x</main></div><script type="application/json" id="sg-ssr-state">{"queries":[]}</script>',
    );
  });

  it('escapes listing text in attributes and JSON-LD, so it cannot open markup', () => {
    const evil = '"><script>alert(1)</script>';
    const html = pageHtml(
      template,
      page({ title: evil, description: evil, jsonLd: { name: `</script>${evil}`, url: '/x' } }),
      'https://cars.example',
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(ld).not.toContain('<');
    expect(JSON.parse(ld)).toEqual({ name: `</script>${evil}`, url: 'https://cars.example/x' });
  });

  it('marks a page without a canonical URL (Uh-oh!) noindex', () => {
    const html = pageHtml(template, page({ canonicalPath: null }), 'https://cars.example');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('moves React’s leading preloads to the head and drops its title', () => {
    const rendered =
      '<link rel="preload" as="image" href="/a.webp"/><title>T</title><div>app</div>';
    expect(splitHoisted(rendered)).toEqual({
      hoisted: ['<link rel="preload" as="image" href="/a.webp"/>'],
      body: '<div>app</div>',
    });
    const html = pageHtml(template, page({}, rendered), 'https://cars.example');
    expect(html.indexOf('/a.webp')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"><div>app</div></div>');
  });

  it('refuses a template without the title or the empty root', () => {
    expect(() => pageHtml('<html><body></body></html>', page(), 'https://x.example')).toThrow(
      /no <title>/,
    );
  });
});
