import { describe, expect, it } from 'vitest';
import { firstOf, UPCOMING_SHOWN } from './paging';
import { readGrantsSearch } from './search';

describe('grants table paging', () => {
  it('keeps the page in the URL, dropping hand-edited nonsense', () => {
    expect(readGrantsSearch({ page: 3 }).page).toBe(3);
    expect(readGrantsSearch({ page: '7' }).page).toBe(7);
    for (const page of [1, 0, -2, 2.5, 'x', '1e3', null, undefined])
      expect(readGrantsSearch({ page }).page).toBeUndefined();
  });

  it('keeps the search text and the sort order, dropping malformed ones', () => {
    expect(readGrantsSearch({ q: '  Eva ', sort: '-vested' })).toMatchObject({
      q: 'Eva',
      sort: '-vested',
    });
    expect(readGrantsSearch({ q: 1042 }).q).toBe('1042');
    for (const sort of ['--vested', 'a b', 3, null])
      expect(readGrantsSearch({ sort }).sort).toBeUndefined();
    expect(readGrantsSearch({ q: '   ' }).q).toBeUndefined();
    expect(readGrantsSearch({ q: 'x'.repeat(201) }).q).toBeUndefined();
  });
});

describe('upcoming list: the first ten, or all', () => {
  const items = Array.from({ length: 2500 }, (_, i) => i);

  it('shows the first ten (soonest) until expanded', () => {
    expect(UPCOMING_SHOWN).toBe(10);
    const first = firstOf(items, false);
    expect(first.shown).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(first).toMatchObject({ hidden: 2490, toggle: true });
    const all = firstOf(items, true);
    expect(all.shown).toHaveLength(2500);
    expect(all).toMatchObject({ hidden: 0, toggle: true });
  });

  it('needs no toggle for ten or fewer', () => {
    expect(firstOf(items.slice(0, 10), false)).toEqual({
      shown: items.slice(0, 10),
      hidden: 0,
      toggle: false,
    });
    expect(firstOf([], false)).toEqual({ shown: [], hidden: 0, toggle: false });
    expect(firstOf(items.slice(0, 11), false)).toMatchObject({ hidden: 1, toggle: true });
    expect(firstOf(items, false, 3).shown).toEqual([0, 1, 2]);
  });
});
