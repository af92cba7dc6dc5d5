import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIME_ZONE, setTimeZone } from '../../src/server/clock';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

/**
 * The server's "today" is the firm's calendar day (APP_TIME_ZONE, default Europe/Amsterdam), not
 * the UTC date: at 23:30 UTC a Dutch lawyer is already in the next day. Only Date is faked, so
 * PGlite's own timers keep running. The fixed instants lie in the past, where the sessions made
 * at the real time are still valid.
 */

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  companyId = (
    await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', { companyName: 'Klok B.V.' })
  ).id;
});
afterAll(async () => {
  setTimeZone(DEFAULT_TIME_ZONE);
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const capTableAt = async (app: TestApp, cookie: string, id: string, instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  try {
    return (await ok<{ asOf: string }>(app, cookie, `/company/${id}/cap-table`)).asOf;
  } finally {
    vi.useRealTimers();
  }
};

describe("the server's today", () => {
  it.each([
    ['2026-06-30T23:30:00Z', '2026-07-01'], // CEST: 01:30 in Amsterdam
    ['2026-06-30T22:30:00Z', '2026-07-01'], // 00:30 in Amsterdam
    ['2026-06-30T21:59:00Z', '2026-06-30'], // 23:59 in Amsterdam
    ['2026-01-15T23:30:00Z', '2026-01-16'], // CET: 00:30 in Amsterdam
  ])('at %s the cap table defaults to %s in Amsterdam', async (instant, expected) => {
    expect(await capTableAt(t, ann.cookie, companyId, instant)).toBe(expected);
  });

  it('follows APP_TIME_ZONE', async () => {
    const ny = await createTestApp({ env: { APP_TIME_ZONE: 'America/New_York' } });
    try {
      const bob = await ny.signUp({ name: 'Bob Jurist' });
      const company = await ok<{ id: string }>(ny, bob.cookie, '/company', 'POST', {
        companyName: 'Clock Inc.',
      });
      // 22:00 on 30 June in New York.
      expect(await capTableAt(ny, bob.cookie, company.id, '2026-07-01T02:00:00Z')).toBe(
        '2026-06-30',
      );
    } finally {
      setTimeZone(DEFAULT_TIME_ZONE);
      await ny.close();
    }
  });
});
