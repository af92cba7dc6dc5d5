/**
 * The one module that reads the system clock (issue 23; lint: `no-restricted-syntax` keeps
 * `Date.now()` and argument-less `new Date()` out of src/, test/ and e2e/ elsewhere). Two
 * readings, chosen on purpose at every call site:
 * - {@link now} / {@link today}: the business clock, which a test rig may pin (`TEST_CLOCK`):
 *   "today" for statuses, cliffs, deadlines and defaults, and anything compared with it;
 * - {@link systemNow}: the real instant, for what other clocks compare with the real time:
 *   record timestamps (`createdAt`, `updatedAt`), sessions, tokens, rate limits, leases.
 * Elapsed time is measured with `performance.now()`, which no pinned clock moves.
 *
 * The server's "today": the calendar day in the firm's time zone (`APP_TIME_ZONE`, default
 * Europe/Amsterdam), not the UTC date. A Dutch lawyer at 00:30 means today, which is still
 * yesterday in UTC. Every default "as of today" on the server (grant statuses, cliffs, valuation
 * status, the cap table's default date) comes from `today()`; the pure domain functions take the
 * date as input.
 *
 * The zone is process-wide: services take `{ db, actor, input }` and have no `Env`, so the
 * start-up code (`startServer`, `createApp`) sets it once from the validated env with
 * `setTimeZone`.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/Amsterdam", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date ("2026-07-01") of `instant` in `timeZone`. Throws on an unknown zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = formatFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

let zone = DEFAULT_TIME_ZONE;

/** Sets the firm's time zone (from `APP_TIME_ZONE`, validated by loadEnv). */
export function setTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  zone = timeZone;
}

/** The firm's time zone in effect. */
export function timeZone(): string {
  return zone;
}

let offsetMs = 0;

/**
 * Runs the server's clock from `instant` on (test rigs only: `TEST_CLOCK`, refused in
 * production), so that date-sensitive suites can be run at 23:30 UTC or 00:30 in Amsterdam
 * whatever the hour (issue 11). Only the business "today" follows it; sessions, tokens and
 * timestamps keep the real time.
 */
export function pinClock(instant: Date | undefined): void {
  offsetMs = instant ? instant.getTime() - Date.now() : 0;
}

/** The current instant as the business clock sees it (pinned on test rigs). */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/**
 * The real current instant, whatever the business clock is pinned to: timestamps of records,
 * sessions and tokens, expiry checks against them, leases and rate-limit windows.
 */
export function systemNow(): Date {
  return new Date(Date.now());
}

/** Today's calendar date in the firm's time zone (or the date of `instant` there). */
export function today(instant: Date = now()): string {
  return calendarDateIn(instant, zone);
}

/** Sets the zone and, on test rigs, the pinned clock from the validated env (start-up). */
export function configureClock(env: { APP_TIME_ZONE: string; TEST_CLOCK?: string }): void {
  setTimeZone(env.APP_TIME_ZONE);
  pinClock(env.TEST_CLOCK ? new Date(env.TEST_CLOCK) : undefined);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The time of day `HH:MM` (24 hours) of `instant` in `timeZone`. */
export function timeOfDayIn(instant: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * The instant at which the wall-clock `date` `time` (`HH:MM`) happens in `timeZone` (a time
 * skipped by a DST change lands an hour later, as a clock that was not put forward would show).
 */
export function instantIn(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // The zone's offset at that moment, found by formatting the guess back (twice: near a change
  // the first guess may sit on the other side of it).
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const wall = Date.parse(
      `${calendarDateIn(new Date(guess), timeZone)}T${timeOfDayIn(new Date(guess), timeZone)}:00Z`,
    );
    guess = asUtc - (wall - guess);
  }
  return new Date(guess);
}
