import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SIGNED_IN_PATH, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { origin: 'https://crm.example' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['/companies', '/companies'],
    ['/companies?q=acme&sort=name', '/companies?q=acme&sort=name'],
    ['/companies/3f1c#activity', '/companies/3f1c#activity'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    [undefined],
    [42],
    [''],
    ['companies'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/companies'],
    ['javascript:alert(1)'],
    ['/auth/sign-in'],
  ])('falls back to the default for %s', (input) => {
    expect(safeRedirectPath(input)).toBe(DEFAULT_SIGNED_IN_PATH);
  });
});
