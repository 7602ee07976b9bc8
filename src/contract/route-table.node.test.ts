/**
 * The route table (route-table.ts, generated) must list exactly the contract's routes with their
 * method and URL: the SPA builds every URL from it (decision 0007). Run `npm run routes:generate`
 * when this fails.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contractRoutes,
  renderRouteTable,
  routeTablePath,
} from '../../scripts/generate-route-table.js';
import * as contract from './index.js';
import * as apiRoutes from './route-table.js';

describe('the route table', () => {
  it('has one row per contract entry, with its method and URL', () => {
    const entries = Object.entries(contract).filter(([name]) => name.endsWith('Contract'));
    expect(entries.length).toBeGreaterThan(30);
    const fromContract = Object.fromEntries(
      entries.map(([name, entry]) => {
        const { method, url } = entry as { method: string; url: string };
        const routeName = name.slice(0, -'Contract'.length);
        return [routeName, { name: routeName, method, url }];
      }),
    );
    expect({ ...apiRoutes }).toEqual(fromContract);
  });

  it('is the generator’s output (run npm run routes:generate after changing the contract)', async () => {
    expect(readFileSync(routeTablePath, 'utf8')).toBe(await renderRouteTable());
    expect(contractRoutes().map((route) => route.name)).toEqual(Object.keys(apiRoutes).sort());
  });
});
