import { describe, expect, it } from 'vitest';
import { countByType, groupByDate, groupKey, weekStart } from './group';
import { chipTypes, groupOf, parseTypes, readUpcomingSearch, typesParam } from './search';
import { alertDetail } from './valuation-alerts';

describe('weekStart', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // Monday
    ['2026-11-26', '2026-11-23'],
    ['2026-11-29', '2026-11-23'], // Sunday
    ['2027-01-01', '2026-12-28'], // across the year
    ['2024-03-01', '2024-02-26'], // across a leap day
  ])('%s → %s', (date, monday) => {
    expect(weekStart(date)).toBe(monday);
  });
});

describe('groupKey', () => {
  it('names weeks by their Monday and months in full', () => {
    expect(groupKey('2026-11-26', 'week')).toEqual({
      key: '2026-11-23',
      label: 'Week of 23 Nov 2026',
    });
    expect(groupKey('2026-11-26', 'month')).toEqual({ key: '2026-11', label: 'November 2026' });
  });
});

describe('groupByDate', () => {
  const items = ['2026-11-24', '2026-11-29', '2026-11-30', '2026-12-02', '2027-01-04'].map(
    (date, n) => ({ date, n }),
  );

  it('groups by ISO week, keeping the order', () => {
    expect(groupByDate(items, 'week').map((g) => [g.key, g.items.map((i) => i.n)])).toEqual([
      ['2026-11-23', [0, 1]],
      ['2026-11-30', [2, 3]],
      ['2027-01-04', [4]],
    ]);
  });

  it('groups by month', () => {
    expect(groupByDate(items, 'month').map((g) => [g.label, g.items.length])).toEqual([
      ['November 2026', 3],
      ['December 2026', 1],
      ['January 2027', 1],
    ]);
  });

  it('is empty for no items', () => {
    expect(groupByDate([], 'week')).toEqual([]);
  });
});

describe('countByType', () => {
  it('counts each type', () => {
    const counts = countByType([{ type: 'cliff' }, { type: 'expiry' }, { type: 'cliff' }]);
    expect(Object.fromEntries(counts)).toEqual({ cliff: 2, expiry: 1 });
  });
});

describe('search params of /upcoming', () => {
  it('keeps known values', () => {
    expect(readUpcomingSearch({ days: 180, types: 'expiry,cliff', group: 'month' })).toEqual({
      days: 180,
      types: 'cliff,expiry',
      group: 'month',
    });
    expect(readUpcomingSearch({ days: '30' }).days).toBe(30);
  });

  it('drops hand-edited bad values', () => {
    expect(readUpcomingSearch({ days: 45, types: 'nope', group: 'year' })).toEqual({
      days: undefined,
      types: undefined,
      group: undefined,
    });
    expect(readUpcomingSearch({ types: ['cliff'] }).types).toBeUndefined();
  });

  it('treats all types as no filter', () => {
    expect(
      typesParam(parseTypes('cliff,installment,acceptance_deadline,expiry,exercise_deadline')),
    ).toBe(undefined);
    expect(typesParam(['expiry', 'cliff', 'cliff'])).toBe('cliff,expiry');
    expect(typesParam([])).toBeUndefined();
  });

  it('shows routine installments only when the URL asks for them (issue 12)', () => {
    expect(readUpcomingSearch({}).installments).toBeUndefined();
    expect(readUpcomingSearch({ installments: true }).installments).toBe(true);
    expect(readUpcomingSearch({ installments: 'true' }).installments).toBe(true);
    expect(readUpcomingSearch({ installments: 'yes' }).installments).toBeUndefined();
    expect(readUpcomingSearch({ installments: false }).installments).toBeUndefined();
    // Without them, an installment filter would show nothing: it is dropped.
    expect(readUpcomingSearch({ types: 'installment,cliff' }).types).toBe('cliff');
    expect(readUpcomingSearch({ types: 'installment,cliff', installments: true }).types).toBe(
      'cliff,installment',
    );
    expect(chipTypes({})).not.toContain('installment');
    expect(chipTypes({ installments: true })).toContain('installment');
  });

  it('keeps a page above the first, and nothing else', () => {
    expect(readUpcomingSearch({ page: 3 }).page).toBe(3);
    expect(readUpcomingSearch({ page: '2' }).page).toBe(2);
    for (const page of [1, 0, -2, 1.5, 'x', '1e3', 2_000_000])
      expect(readUpcomingSearch({ page }).page).toBeUndefined();
  });

  it('groups by week up to 90 days, by month beyond, unless asked', () => {
    expect(groupOf({})).toBe('week');
    expect(groupOf({ days: 180 })).toBe('month');
    expect(groupOf({ days: 365, group: 'week' })).toBe('week');
  });
});

describe('alertDetail', () => {
  it.each([
    [{ kind: 'expired', daysLeft: -1, materialEventDate: null }, 'Expired 1 day ago'],
    [{ kind: 'expired', daysLeft: -1200, materialEventDate: null }, 'Expired 1,200 days ago'],
    [{ kind: 'expiring', daysLeft: 0, materialEventDate: null }, 'Expires today'],
    [{ kind: 'expiring', daysLeft: 60, materialEventDate: null }, '60 days left'],
    [
      { kind: 'stale', daysLeft: null, materialEventDate: '2026-11-02' },
      'Material event on 2 Nov 2026',
    ],
    [
      { kind: 'missing', daysLeft: null, materialEventDate: null },
      'Grants, but no valuation in force',
    ],
  ] as const)('%o → %s', (alert, text) => {
    expect(alertDetail(alert)).toBe(text);
  });
});
