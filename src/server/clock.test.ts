import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  instantIn,
  timeOfDayIn,
  configureClock,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  setTimeZone,
  now,
  timeZone,
  today,
  systemNow,
} from './clock';

const at = (iso: string) => new Date(iso);

describe('calendarDateIn', () => {
  it.each([
    // Summer (CEST, UTC+2): 22:00 UTC is already midnight in Amsterdam.
    ['2026-06-30T23:30:00Z', 'Europe/Amsterdam', '2026-07-01'],
    ['2026-06-30T22:30:00Z', 'Europe/Amsterdam', '2026-07-01'],
    ['2026-06-30T22:00:00Z', 'Europe/Amsterdam', '2026-07-01'],
    ['2026-06-30T21:59:00Z', 'Europe/Amsterdam', '2026-06-30'],
    // Winter (CET, UTC+1).
    ['2026-01-15T23:30:00Z', 'Europe/Amsterdam', '2026-01-16'],
    ['2026-01-15T22:59:00Z', 'Europe/Amsterdam', '2026-01-15'],
    // Year boundary in Brussels.
    ['2026-12-31T23:00:00Z', 'Europe/Brussels', '2027-01-01'],
    // West of UTC the local day is behind: 02:00 UTC is still the evening before in New York.
    ['2026-07-01T02:00:00Z', 'America/New_York', '2026-06-30'],
    ['2026-07-01T04:00:00Z', 'America/New_York', '2026-07-01'],
    ['2026-06-30T23:30:00Z', 'UTC', '2026-06-30'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(calendarDateIn(at(instant), zone)).toBe(expected);
  });

  it('throws on an unknown zone', () => {
    expect(() => calendarDateIn(systemNow(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('today', () => {
  afterEach(() => setTimeZone(DEFAULT_TIME_ZONE));

  it("is the firm's calendar day, Europe/Amsterdam by default", () => {
    expect(timeZone()).toBe('Europe/Amsterdam');
    expect(today(at('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('follows the configured zone', () => {
    setTimeZone('America/New_York');
    expect(today(at('2026-07-01T02:00:00Z'))).toBe('2026-06-30');
  });

  it('refuses an unknown zone and keeps the previous one', () => {
    expect(() => setTimeZone('Nowhere/Else')).toThrow(RangeError);
    expect(timeZone()).toBe('Europe/Amsterdam');
  });
});

describe('the pinned clock (TEST_CLOCK, test rigs only)', () => {
  afterEach(() => configureClock({ APP_TIME_ZONE: DEFAULT_TIME_ZONE }));

  it('runs the business clock from the pinned instant', () => {
    configureClock({ APP_TIME_ZONE: 'Europe/Amsterdam', TEST_CLOCK: '2026-11-24T23:30:00Z' });
    // 23:30 UTC is already the next day in Amsterdam.
    expect(today()).toBe('2026-11-25');
    const drift = now().getTime() - Date.parse('2026-11-24T23:30:00Z');
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(5_000);
    configureClock({ APP_TIME_ZONE: 'Europe/Amsterdam', TEST_CLOCK: '2026-07-01T00:30:00+02:00' });
    expect(today()).toBe('2026-07-01');
    expect(calendarDateIn(now(), 'UTC')).toBe('2026-06-30');
  });

  it('follows the real clock when nothing is pinned', () => {
    configureClock({ APP_TIME_ZONE: 'UTC' });
    expect(Math.abs(now().getTime() - systemNow().getTime())).toBeLessThan(1_000);
  });
});

describe('wall times in a zone (digest times, calendar feed tasks)', () => {
  it('reads the time of day in the zone', () => {
    expect(timeOfDayIn(new Date('2026-07-01T05:30:00Z'), 'Europe/Amsterdam')).toBe('07:30');
    expect(timeOfDayIn(new Date('2026-01-15T23:05:00Z'), 'Europe/Amsterdam')).toBe('00:05');
    expect(timeOfDayIn(new Date('2026-01-15T00:00:00Z'), 'UTC')).toBe('00:00');
  });

  it.each([
    ['2026-07-03', '14:00', 'Europe/Amsterdam', '2026-07-03T12:00:00.000Z'],
    ['2026-01-15', '14:00', 'Europe/Amsterdam', '2026-01-15T13:00:00.000Z'],
    ['2026-01-15', '00:30', 'Europe/Amsterdam', '2026-01-14T23:30:00.000Z'],
    ['2026-10-25', '12:00', 'Europe/Amsterdam', '2026-10-25T11:00:00.000Z'],
    ['2026-03-29', '01:30', 'Europe/Amsterdam', '2026-03-29T00:30:00.000Z'],
    // 02:30 does not exist that night (the clocks go from 02:00 to 03:00): an hour later.
    ['2026-03-29', '02:30', 'Europe/Amsterdam', '2026-03-29T01:30:00.000Z'],
    ['2026-07-03', '09:00', 'America/New_York', '2026-07-03T13:00:00.000Z'],
    ['2026-07-03', '09:00', 'UTC', '2026-07-03T09:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(instantIn(date, time, zone).toISOString()).toBe(expected);
  });
});
