/** lib/lazy-resolver.ts: the real resolver is loaded once, on first use, and a failed load is retried. */
import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the resolver once and answers with its result', async () => {
    const real: Resolver<Values> = (values) => Promise.resolve({ values, errors: {} });
    const load = vi.fn(() => Promise.resolve(real));
    const lazy = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    lazy.preload();
    lazy.preload();
    await expect(lazy.resolver({ email: 'a@b.co' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.co' },
      errors: {},
    });
    await lazy.resolver({ email: 'c@d.co' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed', async () => {
    const real: Resolver<Values> = () =>
      Promise.resolve({
        values: {},
        errors: { email: { type: 'custom', message: 'Invalid email address' } },
      });
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(real);
    const lazy = lazyResolver(load);
    await expect(lazy.resolver({ email: 'x' }, undefined, options)).rejects.toThrow('offline');
    const result = await lazy.resolver({ email: 'x' }, undefined, options);
    expect(result.errors.email?.message).toBe('Invalid email address');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
