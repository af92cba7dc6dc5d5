import { describe, expect, it } from 'vitest';
import { firstOf, GRANTS_PAGE_SIZE, pageOf, UPCOMING_SHOWN } from './paging';
import { readGrantsSearch } from './search';

describe('grants table paging', () => {
  it('shows 50 rows a page and clamps to the pages there are', () => {
    expect(GRANTS_PAGE_SIZE).toBe(50);
    expect(pageOf(undefined, 5000)).toEqual({ page: 1, pageCount: 100, from: 0, to: 50 });
    expect(pageOf(3, 5000)).toEqual({ page: 3, pageCount: 100, from: 100, to: 150 });
    expect(pageOf(100, 4990)).toEqual({ page: 100, pageCount: 100, from: 4950, to: 4990 });
    // A filter or a deletion shortened the list: its last page.
    expect(pageOf(40, 120)).toEqual({ page: 3, pageCount: 3, from: 100, to: 120 });
    expect(pageOf(2, 10)).toEqual({ page: 1, pageCount: 1, from: 0, to: 10 });
  });

  it('keeps the page in the URL, dropping hand-edited nonsense', () => {
    expect(readGrantsSearch({ page: 3 }).page).toBe(3);
    expect(readGrantsSearch({ page: '7' }).page).toBe(7);
    for (const page of [1, 0, -2, 2.5, 'x', '1e3', null, undefined])
      expect(readGrantsSearch({ page }).page).toBeUndefined();
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
