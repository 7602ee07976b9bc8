import { describe, expect, it } from 'vitest';
import { fromState, safePath } from './redirect';

describe('safePath (no open redirect after signing in)', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safePath('/category/1?x=2#top')).toBe('/category/1?x=2#top');
    expect(safePath('/')).toBe('/');
    expect(safePath('/listing/abc-123')).toBe('/listing/abc-123');
  });

  it('refuses another site, a protocol-relative or backslash path, and nothing', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\\t\\evil.example',
      'login',
      '',
    ]) {
      expect(safePath(value)).toBeNull();
    }
    expect(safePath(null)).toBeNull();
    expect(safePath(undefined)).toBeNull();
  });
});

describe('fromState (where RequireAuth sent the visitor from)', () => {
  it('joins pathname, search and hash', () => {
    expect(fromState({ from: { pathname: '/payment/7', search: '?a=1', hash: '#b' } })).toBe(
      '/payment/7?a=1#b',
    );
    expect(fromState({ from: { pathname: '/blogs' } })).toBe('/blogs');
  });

  it('answers null for no state, a malformed one, or another site', () => {
    expect(fromState(null)).toBeNull();
    expect(fromState({})).toBeNull();
    expect(fromState({ from: { pathname: 42 } })).toBeNull();
    expect(fromState({ from: { pathname: '//evil.example' } })).toBeNull();
  });
});
