/*
 * The arithmetic of the time charts (vesting, valuations): no React, so that it is unit-tested
 * and shared. Dates are ISO `YYYY-MM-DD` calendar dates, as everywhere in the app.
 */

/** Days since 1970 of an ISO date (UTC: calendar dates have no zone). */
export function dayNumber(iso: string): number {
  return (
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) /
    86_400_000
  );
}

export type TimeTick = { date: string; label: string };

/** A quarter's first month as `language` abbreviates it: "Jan", "Apr" (en); "jan", "okt" (nl). */
function monthLabel(language: string, month: number): string {
  return new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' })
    .format(new Date(Date.UTC(2000, month, 1)))
    .replace(/\.$/, '');
}

/**
 * Ticks along the time axis: 1 January of every year (or every few years), or the quarters for
 * spans up to 18 months (month names in `language`); never more than `maxTicks` (the chart's
 * width decides how many fit).
 */
export function timeTicks(from: string, to: string, maxTicks = 8, language = 'en-GB'): TimeTick[] {
  const limit = Math.max(1, Math.floor(maxTicks));
  const firstYear = Number(from.slice(0, 4));
  const lastYear = Number(to.slice(0, 4));
  const ticks: TimeTick[] = [];
  if (dayNumber(to) - dayNumber(from) > 540) {
    const step = Math.max(1, Math.ceil((lastYear - firstYear + 1) / limit));
    for (let year = firstYear; year <= lastYear; year += step) {
      const date = `${String(year).padStart(4, '0')}-01-01`;
      if (date >= from && date <= to) ticks.push({ date, label: String(year) });
    }
    return ticks;
  }
  for (let year = firstYear; year <= lastYear; year += 1) {
    [0, 3, 6, 9].forEach((monthIndex, i) => {
      const month = monthLabel(language, monthIndex);
      const date = `${String(year).padStart(4, '0')}-${String(i * 3 + 1).padStart(2, '0')}-01`;
      if (date >= from && date <= to) {
        ticks.push({ date, label: `${month} ${String(year).slice(-2)}` });
      }
    });
  }
  // Too many quarters for the width: every second (or third…) one, from the first.
  const step = Math.ceil(ticks.length / limit);
  return step > 1 ? ticks.filter((_, i) => i % step === 0) : ticks;
}

/** A rounded axis maximum: 1, 2 or 5 × 10^n at or above the value (1 for nothing to show). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The plot area inside the chart's box, in pixels. */
export type PlotArea = { left: number; right: number; top: number; bottom: number };

/** Maps dates to x and values to y inside `area`, with 0 at the bottom and `yMax` at the top. */
export function timeScale(
  area: PlotArea,
  from: string,
  to: string,
  yMax: number,
): { x: (date: string) => number; y: (value: number) => number } {
  const start = dayNumber(from);
  const span = Math.max(1, dayNumber(to) - start);
  const width = area.right - area.left;
  const height = area.bottom - area.top;
  const top = yMax > 0 ? yMax : 1;
  return {
    // Clamped: a marker or step outside the period sits on the edge rather than off the chart.
    x: (date) => area.left + Math.min(1, Math.max(0, (dayNumber(date) - start) / span)) * width,
    y: (value) => area.bottom - (value / top) * height,
  };
}
