/**
 * The server's import rules (docs/architecture.md, "Folders"; decision 0008): an area's routes
 * (`src/server/routes/<area>/`: handlers and their presenters) sit on top. Nothing below
 * them — the database and its demo seeder, payments, trust, the areas' own repositories and
 * services in `src/server/<area>/` — imports `src/server/routes/**`; only `app.ts`, which
 * registers the routes, and tests do. And no two route areas import each other, directly or
 * round a longer loop: what two areas share lives below them.
 *
 * And `src/server/routes/**` holds HTTP code only: every file there that is not test code is an
 * `index.ts`, a `presenters.ts`, or a file that registers routes (it declares a Fastify plugin,
 * `FastifyPluginAsync…`, and calls `app.route(…)`, `app.get(…)`, … or the same on `fastify`).
 * Repositories, jobs, mails and services live in `src/server/<area>/`. Nor does any of those
 * files, `index.ts` included, define a job (`app.jobs.define(…)`, on any receiver) or make a
 * plugin with fastify-plugin (`fp(…)`: a plugin that reaches past its own scope is shared
 * infrastructure, not routes; a routes file exports a `FastifyPluginAsync…` that `app.ts`
 * registers).
 *
 * Read from the real files (every `.ts` under src/server, tracked or not) with TypeScript's own
 * import scanner, so static, type-only, re-exported and dynamic imports all count, by relative
 * path or by `#server/…` subpath. The web's rules are ESLint's (src/web/import-boundaries.node.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const routesDir = 'src/server/routes/';

/** Files that may import routes: the app, which registers them. Tests may too. */
const mayImportRoutes = new Set(['src/server/app.ts']);

/** Test code: test files and their helpers, which may import anything to set a test up. */
const isTestCode = (file: string) =>
  /\.test\.ts$/.test(file) ||
  file.startsWith('src/server/test-support/') ||
  /\/test-helpers\.ts$/.test(file);

/** Every TypeScript file under src/server (repository-relative, `/`-separated) with its text. */
function serverFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.set(file, readFileSync(path.join(root, file), 'utf8'));
      }
    }
  };
  walk('src/server');
  return files;
}

/** An import of `to` (a server file) written in `from`. */
interface Edge {
  from: string;
  to: string;
}

/**
 * The server-to-server imports of `files`: each specifier TypeScript's scanner finds
 * (`ts.preProcessFile`), resolved like Node resolves ours — relative, or `#server/…` — to a file
 * of the map (`.js` naming its `.ts`, a folder its `index.ts`). Packages, `#contract/…` and
 * anything outside src/server are not edges.
 */
function importEdges(files: ReadonlyMap<string, string>): Edge[] {
  const edges: Edge[] = [];
  for (const [from, text] of files) {
    for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
      let target: string;
      if (spec.startsWith('#server/')) target = `src/server/${spec.slice('#server/'.length)}`;
      else if (spec.startsWith('.')) target = path.posix.join(path.posix.dirname(from), spec);
      else continue;
      const stem = target.replace(/\.(js|ts|tsx)$/, '');
      const to = [`${stem}.ts`, `${stem}.tsx`, `${target}/index.ts`].find((file) =>
        files.has(file),
      );
      if (to) edges.push({ from, to });
    }
  }
  return edges;
}

/** `a imports b` lines for the imports of routes by files below them. */
function upwardImports(edges: readonly Edge[]): string[] {
  return edges
    .filter(
      ({ from, to }) =>
        to.startsWith(routesDir) &&
        !from.startsWith(routesDir) &&
        !mayImportRoutes.has(from) &&
        !isTestCode(from),
    )
    .map(({ from, to }) => `${from} imports ${to}`);
}

/** File names under src/server/routes that are HTTP code by their name. */
const httpFileNames = new Set(['index.ts', 'presenters.ts']);

/** The calls that register a route: `app.route(…)`, `app.get(…)`, … (or on `fastify`). */
const routeMethods = new Set(['route', 'get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/**
 * Whether `text` declares a Fastify plugin (a type `FastifyPluginAsync…`) and registers a route
 * (a call of a route method on `app` or `fastify`). Read from the syntax tree, so comments and
 * strings do not count.
 */
function registersRoutes(text: string): boolean {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest);
  let plugin = false;
  let route = false;
  const visit = (node: ts.Node) => {
    if (ts.isTypeReferenceNode(node) && /^FastifyPluginAsync/.test(node.typeName.getText(source))) {
      plugin = true;
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      ['app', 'fastify'].includes(node.expression.expression.text) &&
      routeMethods.has(node.expression.name.text)
    ) {
      route = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return plugin && route;
}

/**
 * The files under src/server/routes that are not HTTP code: not test code, not `index.ts` or
 * `presenters.ts`, and registering no route. What they hold belongs in `src/server/<area>/`.
 */
function nonHttpRouteFiles(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(
      ([file, text]) =>
        file.startsWith(routesDir) &&
        !isTestCode(file) &&
        !httpFileNames.has(path.posix.basename(file)) &&
        !registersRoutes(text),
    )
    .map(([file]) => file)
    .sort();
}

/**
 * What in `text` is domain code, not HTTP code, each as a `<what> (line <n>)` note: a job
 * definition (a call `….jobs.define(…)`, whatever the receiver) and a plugin made with
 * fastify-plugin (a call of the name its import binds, `fp` as we write it, or of `fp` itself).
 * Read from the syntax tree, so comments and strings do not count.
 */
function domainCode(text: string): string[] {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest);
  const pluginMakers = new Set(['fp']);
  for (const statement of source.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === 'fastify-plugin' &&
      statement.importClause
    ) {
      const { name, namedBindings } = statement.importClause;
      if (name) pluginMakers.add(name.text);
      if (namedBindings && ts.isNamedImports(namedBindings)) {
        for (const element of namedBindings.elements) pluginMakers.add(element.name.text);
      }
    }
  }
  const notes: string[] = [];
  const line = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'define' &&
        ts.isPropertyAccessExpression(callee.expression) &&
        callee.expression.name.text === 'jobs'
      ) {
        notes.push(`a job definition, jobs.define (line ${line(node)})`);
      }
      if (ts.isIdentifier(callee) && pluginMakers.has(callee.text)) {
        notes.push(`a fastify-plugin plugin, ${callee.text}( (line ${line(node)})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return notes;
}

/**
 * The files under src/server/routes (test code aside, `index.ts` and `presenters.ts` included)
 * that define jobs or make fastify-plugin plugins, as `<file>: <what>` lines. Such code belongs
 * in `src/server/<area>/` (e.g. `listings/expiry.ts`), registered by `app.ts`.
 */
function domainCodeInRoutes(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([file]) => file.startsWith(routesDir) && !isTestCode(file))
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, text]) => domainCode(text).map((what) => `${file}: ${what}`));
}

/** The route area of a file under src/server/routes, else null. */
const areaOf = (file: string) =>
  file.startsWith(routesDir) ? file.slice(routesDir.length).split('/')[0]! : null;

/**
 * Loops among route areas (tests left out: they may share helpers freely), each as
 * `a → b → … → a` with, for every step, one import that makes it. Found as the strongly connected
 * components of the areas' import graph (Tarjan's algorithm); each loop is one shortest cycle
 * through the component's first area.
 */
function areaCycles(edges: readonly Edge[]): string[] {
  const steps = new Map<string, Map<string, Edge>>();
  for (const edge of edges) {
    const from = areaOf(edge.from);
    const to = areaOf(edge.to);
    if (!from || !to || from === to || isTestCode(edge.from)) continue;
    if (!steps.has(from)) steps.set(from, new Map());
    if (!steps.get(from)!.has(to)) steps.get(from)!.set(to, edge);
  }
  const areas = [
    ...new Set([...steps.keys(), ...[...steps.values()].flatMap((m) => [...m.keys()])]),
  ].sort();

  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const visit = (area: string) => {
    index.set(area, next);
    low.set(area, next);
    next += 1;
    stack.push(area);
    onStack.add(area);
    for (const to of [...(steps.get(area)?.keys() ?? [])].sort()) {
      if (!index.has(to)) {
        visit(to);
        low.set(area, Math.min(low.get(area)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(area, Math.min(low.get(area)!, index.get(to)!));
    }
    if (low.get(area) === index.get(area)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== area);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const area of areas) if (!index.has(area)) visit(area);

  return components
    .map((component) => {
      // A shortest loop from the component's first area back to it (breadth first).
      const start = component[0]!;
      const cameFrom = new Map<string, string>();
      const queue = [start];
      let last: string | undefined;
      while (queue.length > 0 && last === undefined) {
        const area = queue.shift()!;
        for (const to of [...(steps.get(area)?.keys() ?? [])].sort()) {
          if (!component.includes(to)) continue;
          if (to === start) {
            last = area;
            break;
          }
          if (!cameFrom.has(to)) {
            cameFrom.set(to, area);
            queue.push(to);
          }
        }
      }
      const loop = [last!];
      while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]!)!);
      loop.push(start);
      const via = loop
        .slice(1)
        .map((to, i) => steps.get(loop[i]!)!.get(to)!)
        .map(({ from, to }) => `${from} imports ${to}`);
      return `${loop.join(' → ')} (${via.join('; ')})`;
    })
    .sort();
}

describe('the server imports downwards only', () => {
  const files = serverFiles();
  const edges = importEdges(files);

  it('reads the imports of the real files', () => {
    // A check that found no imports would pass anything.
    expect(edges).toContainEqual({
      from: 'src/server/app.ts',
      to: 'src/server/routes/orders/index.ts',
    });
    expect(edges.length).toBeGreaterThan(1000);
  });

  it('has no import of src/server/routes from below it (only app.ts and tests)', () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it('has no import loop between route areas', () => {
    expect(areaCycles(edges)).toEqual([]);
  });

  it('holds only HTTP code under src/server/routes (handlers, presenters, route plugins)', () => {
    // A check that saw no route files would pass anything.
    expect(files.has('src/server/routes/moderation/appeals.ts')).toBe(true);
    expect(nonHttpRouteFiles(files)).toEqual([]);
  });

  it('defines no job and makes no fastify-plugin plugin under src/server/routes', () => {
    // A check that read no route files would pass anything.
    expect(files.has('src/server/routes/deposits/index.ts')).toBe(true);
    expect(domainCodeInRoutes(files)).toEqual([]);
  });
});

describe('the import checks themselves', () => {
  /** The edges of a few probe files. */
  const probe = (files: Record<string, string>) => importEdges(new Map(Object.entries(files)));

  it('find an upward import by relative path, by subpath, as a type, re-exported or dynamic', () => {
    const edges = probe({
      'src/server/routes/orders/index.ts': '',
      'src/server/payments/a.ts': "import { x } from '../routes/orders/index.js';",
      'src/server/payments/b.ts': "import type { X } from '#server/routes/orders/index.js';",
      'src/server/db/demo/c.ts': "export { x } from '../../routes/orders/index.js';",
      'src/server/trust/d.ts': "const m = () => import('../routes/orders/index.js');",
      'src/server/app.ts': "import { x } from './routes/orders/index.js';",
      'src/server/payments/e.test.ts': "import { x } from '../routes/orders/index.js';",
    });
    expect(upwardImports(edges)).toEqual([
      'src/server/payments/a.ts imports src/server/routes/orders/index.ts',
      'src/server/payments/b.ts imports src/server/routes/orders/index.ts',
      'src/server/db/demo/c.ts imports src/server/routes/orders/index.ts',
      'src/server/trust/d.ts imports src/server/routes/orders/index.ts',
    ]);
  });

  it('find a file under routes that is neither a handler, a presenter nor a route plugin', () => {
    const files = new Map(
      Object.entries({
        'src/server/routes/orders/index.ts': '',
        'src/server/routes/orders/presenters.ts': '',
        'src/server/routes/orders/viewing.test.ts': '',
        'src/server/routes/orders/test-helpers.ts': '',
        'src/server/routes/moderation/appeals.ts':
          "import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';\n" +
          'export const appealRoutes: FastifyPluginAsyncZod = async (app) => { app.route({}); };',
        'src/server/routes/trust/repository.ts': 'export function riskQueue() {}',
        'src/server/routes/listings/expiry.ts':
          "import fp from 'fastify-plugin';\nexport const listingExpiryPlugin = fp(async () => {});",
        'src/server/routes/insights/recorder.ts':
          '/** Not a FastifyPluginAsync, no app.route( either: a comment is not a route. */',
        'src/server/orders/repository.ts': '',
      }),
    );
    expect(nonHttpRouteFiles(files)).toEqual([
      'src/server/routes/insights/recorder.ts',
      'src/server/routes/listings/expiry.ts',
      'src/server/routes/trust/repository.ts',
    ]);
  });

  it('find a job or a fastify-plugin plugin under routes, even in index.ts, but not in tests', () => {
    const files = new Map(
      Object.entries({
        'src/server/routes/deposits/index.ts':
          "import fp from 'fastify-plugin';\n" +
          'export const jobs = fp(async (app) => {\n' +
          "  app.jobs.define({ name: 'deposit-sweep', handler: async () => {} });\n" +
          '});',
        'src/server/routes/offers/index.ts':
          "import fastifyPlugin from 'fastify-plugin';\nexport const p = fastifyPlugin(async () => {});",
        'src/server/routes/insights/presenters.ts':
          "export function define(fastify) { fastify.jobs.define({ name: 'x' }); }",
        'src/server/routes/trust/index.ts':
          '/** Not app.jobs.define( nor fp( in a comment. */\n' +
          "export const text = 'app.jobs.define({}) fp(x)';\n" +
          'export const routes = async (app) => { app.route({}); app.jobs.enqueue("x", {}); };',
        'src/server/routes/orders/viewing.test.ts': "app.jobs.define({ name: 'x' }); fp(x);",
        'src/server/routes/orders/test-helpers.ts': "app.jobs.define({ name: 'x' });",
        'src/server/listings/expiry.ts':
          "import fp from 'fastify-plugin';\nexport const p = fp(async (app) => { app.jobs.define({}); });",
      }),
    );
    expect(domainCodeInRoutes(files)).toEqual([
      'src/server/routes/deposits/index.ts: a fastify-plugin plugin, fp( (line 2)',
      'src/server/routes/deposits/index.ts: a job definition, jobs.define (line 3)',
      'src/server/routes/insights/presenters.ts: a job definition, jobs.define (line 1)',
      'src/server/routes/offers/index.ts: a fastify-plugin plugin, fastifyPlugin( (line 2)',
    ]);
  });

  it('find a loop between route areas, direct or longer, but not through tests or below', () => {
    const edges = probe({
      'src/server/routes/orders/index.ts': "import { x } from '../deposits/index.js';",
      'src/server/routes/deposits/index.ts': "import { y } from '../orders/presenters.js';",
      'src/server/routes/orders/presenters.ts': '',
      'src/server/routes/messages/deal.ts': "import { z } from '../offers/index.js';",
      'src/server/routes/offers/index.ts': "import { w } from '#server/routes/reviews/index.js';",
      'src/server/routes/reviews/index.ts': "import { v } from '../messages/deal.js';",
      'src/server/routes/payments/a.test.ts': "import { u } from '../catalog/index.js';",
      'src/server/routes/catalog/index.ts': "import { t } from '../../catalog/repository.js';",
      'src/server/catalog/repository.ts': "import { s } from '../routes/payments/index.js';",
      'src/server/routes/payments/index.ts': '',
    });
    expect(areaCycles(edges)).toEqual([
      'deposits → orders → deposits (src/server/routes/deposits/index.ts imports src/server/routes/orders/presenters.ts; src/server/routes/orders/index.ts imports src/server/routes/deposits/index.ts)',
      'messages → offers → reviews → messages (src/server/routes/messages/deal.ts imports src/server/routes/offers/index.ts; src/server/routes/offers/index.ts imports src/server/routes/reviews/index.ts; src/server/routes/reviews/index.ts imports src/server/routes/messages/deal.ts)',
    ]);
  });
});
