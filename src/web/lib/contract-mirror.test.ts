/** The SPA's zod-free mirror of the accounts contract (lib/contract.ts) equals the contract. */
import { describe, expect, it } from 'vitest';
import * as contract from '../../contract/accounts.js';
import { accessTokenStorageKey, accountApiPaths, authPaths } from './contract.js';

describe('lib/contract mirror of contract/accounts', () => {
  it('has the same identity paths and token key', () => {
    expect(authPaths).toEqual(contract.authPaths);
    expect(accessTokenStorageKey).toBe(contract.accessTokenStorageKey);
  });

  it('builds the same account URLs', () => {
    expect(Object.keys(accountApiPaths).sort()).toEqual(
      Object.keys(contract.accountApiPaths).sort(),
    );
    const uid = 'a b/c';
    for (const [name, build] of Object.entries(accountApiPaths)) {
      const expected = contract.accountApiPaths[name as keyof typeof accountApiPaths];
      expect(build(uid), name).toBe(expected(uid));
    }
  });
});
