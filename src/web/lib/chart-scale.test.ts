import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, niceMax, timeScale, timeTicks } from './chart-scale';

const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z') })
  .filter((d) => !Number.isNaN(d.getTime()))
  .map((d) => d.toISOString().slice(0, 10));

describe('dayNumber', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['2024-03-01', 19783],
    ['2000-02-29', 11016],
  ])('%s is day %i', (iso, day) => {
    expect(dayNumber(iso)).toBe(day);
  });
});

describe('timeTicks', () => {
  it('marks 1 January of each year for spans over 18 months', () => {
    expect(timeTicks('2024-03-15', '2027-06-30')).toEqual([
      { date: '2025-01-01', label: '2025' },
      { date: '2026-01-01', label: '2026' },
      { date: '2027-01-01', label: '2027' },
    ]);
  });

  it('marks the quarters for shorter spans', () => {
    expect(timeTicks('2025-01-01', '2025-12-31').map((t) => t.label)).toEqual([
      'Jan 25',
      'Apr 25',
      'Jul 25',
      'Oct 25',
    ]);
  });

  it('names the quarters in the chart’s language', () => {
    expect(timeTicks('2025-01-01', '2025-12-31', 8, 'nl').map((t) => t.label)).toEqual([
      'jan 25',
      'apr 25',
      'jul 25',
      'okt 25',
    ]);
  });

  it('skips years when the width holds fewer ticks', () => {
    expect(timeTicks('2020-01-01', '2029-12-31', 4).map((t) => t.label)).toEqual([
      '2020',
      '2023',
      '2026',
      '2029',
    ]);
  });

  it('skips quarters when the width holds fewer ticks', () => {
    expect(timeTicks('2025-01-01', '2026-05-31', 3).map((t) => t.label)).toEqual([
      'Jan 25',
      'Jul 25',
      'Jan 26',
    ]);
  });

  it('never gives more ticks than asked, all inside the period and in order', () => {
    fc.assert(
      fc.property(isoDate, isoDate, fc.integer({ min: 1, max: 12 }), (a, b, maxTicks) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const ticks = timeTicks(from, to, maxTicks);
        expect(ticks.length).toBeLessThanOrEqual(maxTicks);
        for (const [i, tick] of ticks.entries()) {
          expect(tick.date >= from && tick.date <= to).toBe(true);
          if (i > 0) expect(tick.date > ticks[i - 1]!.date).toBe(true);
        }
      }),
    );
  });
});

describe('niceMax', () => {
  it.each([
    [0, 1],
    [-5, 1],
    [0.7, 1],
    [1, 1],
    [1.2, 2],
    [3, 5],
    [7, 10],
    [48_000, 50_000],
    [100_001, 200_000],
  ])('rounds %d up to %d', (value, expected) => {
    expect(niceMax(value)).toBe(expected);
  });

  it('is at or above the value and below ten times it', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e12, noNaN: true }), (value) => {
        const max = niceMax(value);
        expect(max).toBeGreaterThanOrEqual(value);
        expect(max).toBeLessThan(value * 10 + 1e-9);
      }),
    );
  });
});

describe('timeScale', () => {
  const area = { left: 60, right: 660, top: 20, bottom: 220 };
  const { x, y } = timeScale(area, '2024-01-01', '2025-01-01', 1000);

  it('puts the period on the plot area, left to right', () => {
    expect(x('2024-01-01')).toBe(60);
    expect(x('2025-01-01')).toBe(660);
    expect(x('2024-07-02')).toBeCloseTo(60 + (183 / 366) * 600, 6);
  });

  it('keeps dates outside the period on its edges', () => {
    expect(x('2020-05-05')).toBe(60);
    expect(x('2030-05-05')).toBe(660);
  });

  it('puts 0 at the bottom and the maximum at the top', () => {
    expect(y(0)).toBe(220);
    expect(y(1000)).toBe(20);
    expect(y(250)).toBe(170);
  });

  it('survives an empty period and a zero maximum', () => {
    const flat = timeScale(area, '2024-01-01', '2024-01-01', 0);
    expect(flat.x('2024-01-01')).toBe(60);
    expect(flat.y(0)).toBe(220);
  });
});
