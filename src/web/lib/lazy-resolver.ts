/**
 * A react-hook-form resolver whose validation code (zod, the schema, @hookform/resolvers) is a
 * chunk of its own, loaded on first use: a server-rendered form page — login, forgot
 * password — then paints and hydrates without downloading and evaluating the schema library,
 * about 90 KB of script to compile and evaluate before the form could be used. Spread
 * `preloadTriggers` on the `<form>`: the chunk starts loading when a field gets focus or a
 * pointer goes down, so a submit rarely waits; if it does, react-hook-form simply awaits the
 * resolver, which it supports. Messages and rules stay exactly those of the schema.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<Values extends FieldValues> {
  /** The resolver to give `useForm`; the first call waits for `load`. */
  resolver: Resolver<Values>;
  /** Starts loading the validation chunk (idempotent). */
  preload: () => void;
  /** The `<form>` props that call `preload` on the first focus or pointer press inside it. */
  preloadTriggers: { onFocusCapture: () => void; onPointerDownCapture: () => void };
}

/**
 * `load` resolves the real resolver (e.g. `import('./form-resolvers').then((m) => m.login)`);
 * it is called once. A failed load (offline) is retried on the next validation.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): LazyResolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const preload = () => void get().catch(() => undefined);
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload,
    preloadTriggers: { onFocusCapture: preload, onPointerDownCapture: preload },
  };
}
