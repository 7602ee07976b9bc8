/**
 * Server rendering of the public pages (decision 0015): loads the SSR build
 * (`dist/web-ssr/entry-server.js`, made by `npm run build:web`), lets it answer the app's API
 * calls through Fastify's `inject` (no network, the same handlers, validation and answers as a
 * browser gets) and puts the rendered page into the SPA's `index.html`: the `<head>` (title, meta
 * description, canonical URL, Open Graph, JSON-LD), the app's HTML inside `#root` and the
 * dehydrated query cache the browser hydrates against.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { scriptSafeJson } from '../../contract/script-json.js';
import { escapeHtml } from '../lib/html.js';

/** What the SSR build's renderer answers (src/web/entry-server.tsx, `RenderedPage`). */
export interface RenderedPage {
  status: 200 | 404;
  head: {
    title: string;
    description: string;
    canonicalPath: string | null;
    image?: string;
    type?: string;
    jsonLd?: Record<string, unknown>;
  };
  html: string;
  state: string;
}

/**
 * What one render's API reads met, for the page route (plugins/web.ts): `unavailable` when one
 * of them answered 503 (the database is down), so the page is answered as the outage page.
 * Each render runs in its own store (`renderFacts.run`); the transport marks it.
 */
export const renderFacts = new AsyncLocalStorage<{ unavailable: boolean }>();

/** Renders the page at a URL; null for pages the browser renders alone. */
export type PageRenderer = (url: URL) => Promise<RenderedPage | null>;

/** The id the browser reads the state from (src/web/app/ssr/state.ts). */
const stateElementId = 'sg-ssr-state';

/** The SSR build's renderer and the route patterns (e.g. `/listing/:id`) of the pages it renders. */
export interface LoadedRenderer {
  render: PageRenderer;
  paths: readonly string[];
}

/**
 * Loads the renderer from `ssrDir`, wired to `app` through `inject`.
 * @returns null when there is no SSR build (tests, `npm run dev`): pages are then client-rendered.
 */
export async function loadRenderer(
  app: FastifyInstance,
  ssrDir: string,
): Promise<LoadedRenderer | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as {
    createRenderer(transport: (url: string, init: RequestInit) => Promise<Response>): PageRenderer;
    renderedPaths: readonly string[];
  };
  const render = module.createRenderer(async (url, init) => {
    const answer = await app.inject({
      method: init.method ?? 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    if (answer.statusCode === 503) {
      const facts = renderFacts.getStore();
      if (facts) facts.unavailable = true;
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  });
  return { render, paths: module.renderedPaths };
}

/** `pathOrUrl` made absolute against `origin` (uploads are stored as `/uploads/…` paths). */
function absolute(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/** The `<head>` elements of a rendered page. */
export function headHtml(page: RenderedPage, origin: string): string {
  const { head } = page;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:site_name" content="Second Gear" />`,
    `<meta property="og:type" content="${escapeHtml(head.type ?? 'website')}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.canonicalPath !== null) {
    const canonical = escapeHtml(absolute(origin, head.canonicalPath));
    tags.push(`<link rel="canonical" href="${canonical}" />`);
    tags.push(`<meta property="og:url" content="${canonical}" />`);
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  if (head.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absolute(origin, head.image))}" />`);
    tags.push('<meta name="twitter:card" content="summary_large_image" />');
  }
  if (head.jsonLd) {
    tags.push(
      `<script type="application/ld+json">${scriptSafeJson(absolutise(head.jsonLd, origin))}</script>`,
    );
  }
  return tags.join('\n    ');
}

/** JSON-LD with its `url`, `image` and offer `url` values made absolute. */
function absolutise(jsonLd: Record<string, unknown>, origin: string): Record<string, unknown> {
  const fix = (value: unknown): unknown =>
    typeof value === 'string' ? absolute(origin, value) : value;
  const out: Record<string, unknown> = { ...jsonLd };
  if ('url' in out) out.url = fix(out.url);
  if (Array.isArray(out.image)) out.image = out.image.map(fix);
  if (out.offers && typeof out.offers === 'object') {
    const offers = { ...(out.offers as Record<string, unknown>) };
    if ('url' in offers) offers.url = fix(offers.url);
    out.offers = offers;
  }
  return out;
}

/**
 * React writes the elements it hoists (`<title>`, `<meta>`, preload `<link>`s) at the start of a
 * render that is not a whole document. They belong in `<head>`: the preloads go there, the title
 * is dropped (the head has the page's own). The browser's React adds its own `<title>` when it
 * hydrates, and does not look for these inside `#root`.
 */
export function splitHoisted(html: string): { hoisted: string[]; body: string } {
  const hoisted: string[] = [];
  let rest = html;
  for (;;) {
    const match = /^(?:<title>[^<]*<\/title>|<(?:link|meta)\b[^>]*>)/.exec(rest);
    if (!match) break;
    if (match[0].startsWith('<link')) hoisted.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { hoisted, body: rest };
}

/**
 * The SPA's `index.html` (`template`) holding a rendered page: its head replaces the default
 * title and description, its HTML fills `#root`, and its state follows in a JSON script.
 * @throws Error when the template lacks `<title>` or `<div id="root"></div>` (a broken build).
 */
export function pageHtml(template: string, page: RenderedPage, origin: string): string {
  const { hoisted, body } = splitHoisted(page.html);
  const withoutDefaults = template
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, () => [headHtml(page, origin), ...hoisted].join('\n    '));
  if (withoutDefaults === template || !withoutDefaults.includes('<div id="root"></div>')) {
    throw new Error('index.html has no <title> or no empty <div id="root"></div>');
  }
  return withoutDefaults.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${body}</div>` +
      `<script type="application/json" id="${stateElementId}">${page.state}</script>`,
  );
}
