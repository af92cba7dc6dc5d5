import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

// The module reads the SPA's environment (window.location) when it loads.
vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
const { companyScopedKey, invalidateCompany } = await import('./api');

describe('invalidateCompany', () => {
  it("marks the company's data and the workspace-wide practice view stale, not other companies'", async () => {
    const queryClient = new QueryClient();
    const keys = {
      own: companyScopedKey('c1', 'cap-table'),
      other: companyScopedKey('c2', 'cap-table'),
      upcoming: ['upcoming', { days: 30 }],
      alerts: ['valuation-alerts'],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { items: [] });

    await invalidateCompany(queryClient, 'c1');

    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(keys.own)).toBe(true);
    expect(stale(keys.upcoming)).toBe(true);
    expect(stale(keys.alerts)).toBe(true);
    expect(stale(keys.other)).toBe(false);
  });
});
