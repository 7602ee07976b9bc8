/**
 * vitest's asymmetric matchers, typed. vitest types `expect.any(…)`, `expect.stringContaining(…)`
 * and `expect.stringMatching(…)` as `any`, so one put in an object literal (a `toEqual` or
 * `toMatchObject` expectation) is an unsafe `any` assignment to the type-aware lint. These return
 * the very same matchers typed `unknown`: a placeholder the expectation compares with, never a
 * value a test reads. Use them inside object literals; a matcher passed straight to `toEqual`
 * needs no wrapper.
 */
import { expect } from 'vitest';

/** Matches any string (`expect.any(String)`). */
export function anyString(): unknown {
  return expect.any(String);
}

/** Matches any number (`expect.any(Number)`). */
export function anyNumber(): unknown {
  return expect.any(Number);
}

/** Matches a string holding `text` (`expect.stringContaining(text)`). */
export function stringContaining(text: string): unknown {
  return expect.stringContaining(text);
}

/** Matches a string `pattern` matches (`expect.stringMatching(pattern)`). */
export function stringMatching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern);
}
