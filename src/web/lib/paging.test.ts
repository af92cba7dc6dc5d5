import { describe, expect, it } from 'vitest';
import { pageOf, TABLE_PAGE_SIZE } from './paging';
import { optionalPage } from './search-params';

describe('table paging', () => {
  it('shows 50 rows a page and clamps to the pages there are', () => {
    expect(TABLE_PAGE_SIZE).toBe(50);
    expect(pageOf(undefined, 5000)).toEqual({ page: 1, pageCount: 100, from: 0, to: 50 });
    expect(pageOf(3, 5000)).toEqual({ page: 3, pageCount: 100, from: 100, to: 150 });
    expect(pageOf(100, 4990)).toEqual({ page: 100, pageCount: 100, from: 4950, to: 4990 });
    // A filter or a deletion shortened the list: its last page.
    expect(pageOf(40, 120)).toEqual({ page: 3, pageCount: 3, from: 100, to: 120 });
    expect(pageOf(2, 10)).toEqual({ page: 1, pageCount: 1, from: 0, to: 10 });
    expect(pageOf(undefined, 0)).toEqual({ page: 1, pageCount: 1, from: 0, to: 0 });
  });

  it('reads the page from the URL, dropping hand-edited nonsense', () => {
    expect(optionalPage(3)).toBe(3);
    expect(optionalPage('7')).toBe(7);
    for (const page of [1, 0, -2, 2.5, 'x', '1e3', 1_000_001, null, undefined])
      expect(optionalPage(page)).toBeUndefined();
  });
});
