import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionalSort } from './search-params';
import { formatSort, parseSort, resolveSort, sortRows, toggleSort, type SortState } from './sort';

type Row = { id: number; v: string | number | null };
const rows = (values: (string | number | null)[]): Row[] => values.map((v, id) => ({ id, v }));
const ids = (sorted: Row[]) => sorted.map((r) => r.id);

describe('sortRows', () => {
  it('compares counts as numbers, not as text', () => {
    const r = rows([9, 100, 10, 1_000_000]);
    expect(ids(sortRows(r, (x) => x.v, 'count', 'ascending'))).toEqual([0, 2, 1, 3]);
    expect(ids(sortRows(r, (x) => x.v, 'count', 'descending'))).toEqual([3, 1, 2, 0]);
  });

  it('compares decimal strings exactly, negatives and six decimals included', () => {
    const r = rows([
      '0.10',
      '0.1000001',
      '-5',
      '12345678901234567.01',
      '12345678901234567.02',
      '2',
    ]);
    expect(ids(sortRows(r, (x) => x.v, 'decimal', 'ascending'))).toEqual([2, 0, 1, 5, 3, 4]);
  });

  it('compares ISO dates in calendar order', () => {
    const r = rows(['2025-01-15', '2024-12-31', '2025-01-02']);
    expect(ids(sortRows(r, (x) => x.v, 'date', 'ascending'))).toEqual([1, 2, 0]);
  });

  it('collates text: case and accents ignored, numbers within text in numeric order', () => {
    const r = rows(['émile', 'Eva', 'plan 10', 'plan 9', 'anna']);
    expect(ids(sortRows(r, (x) => x.v, 'text', 'ascending', 'en'))).toEqual([4, 0, 1, 3, 2]);
  });

  it('puts rows without a value last in both directions', () => {
    const r = rows([null, 2, null, 1]);
    expect(ids(sortRows(r, (x) => x.v, 'count', 'ascending'))).toEqual([3, 1, 0, 2]);
    expect(ids(sortRows(r, (x) => x.v, 'count', 'descending'))).toEqual([1, 3, 0, 2]);
  });

  it('is stable and leaves its input alone', () => {
    const r = rows([1, 0, 1, 0, 1]);
    const before = [...r];
    expect(ids(sortRows(r, (x) => x.v, 'count', 'ascending'))).toEqual([1, 3, 0, 2, 4]);
    // Equal rows keep the API's order descending too (not reversed).
    expect(ids(sortRows(r, (x) => x.v, 'count', 'descending'))).toEqual([0, 2, 4, 1, 3]);
    expect(r).toEqual(before);
  });

  it('always returns the same rows, ordered, equal ones in their original order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null })),
        fc.constantFrom('ascending' as const, 'descending' as const),
        (values, direction) => {
          const sorted = sortRows(rows(values), (x) => x.v, 'count', direction);
          expect([...ids(sorted)].sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
          for (let i = 1; i < sorted.length; i++) {
            const a = sorted[i - 1]!;
            const b = sorted[i]!;
            if (b.v === null) {
              if (a.v === null) expect(a.id).toBeLessThan(b.id);
              continue;
            }
            expect(a.v).not.toBeNull();
            const d =
              direction === 'ascending' ? Number(b.v) - Number(a.v) : Number(a.v) - Number(b.v);
            expect(d).toBeGreaterThanOrEqual(0);
            if (d === 0) expect(a.id).toBeLessThan(b.id);
          }
        },
      ),
    );
  });
});

describe('sort order in the URL', () => {
  const byDate: SortState = { column: 'grantDate', direction: 'ascending' };

  it('reads "column" as ascending and "-column" as descending', () => {
    expect(parseSort('vested')).toEqual({ column: 'vested', direction: 'ascending' });
    expect(parseSort('-vested')).toEqual({ column: 'vested', direction: 'descending' });
    expect(parseSort(undefined)).toBeNull();
  });

  it('writes the default order as nothing, so plain links stay clean', () => {
    expect(formatSort(byDate, byDate)).toBeUndefined();
    expect(formatSort({ column: 'grantDate', direction: 'descending' }, byDate)).toBe('-grantDate');
    expect(formatSort({ column: 'vested', direction: 'ascending' }, byDate)).toBe('vested');
  });

  it('turns a sorted column around and starts another ascending', () => {
    expect(toggleSort(byDate, 'grantDate')).toEqual({
      column: 'grantDate',
      direction: 'descending',
    });
    expect(toggleSort({ column: 'grantDate', direction: 'descending' }, 'grantDate')).toEqual(
      byDate,
    );
    expect(toggleSort(byDate, 'vested')).toEqual({ column: 'vested', direction: 'ascending' });
    expect(toggleSort(null, 'vested')).toEqual({ column: 'vested', direction: 'ascending' });
  });

  it('reads a column-shaped value from the URL, nothing else', () => {
    expect(optionalSort('vested')).toBe('vested');
    expect(optionalSort('-grantDate')).toBe('-grantDate');
    expect(optionalSort('-class-0b6c1c2e-8f7a-4c1e-9a55-3d2f1e0a9b7c')).toBeDefined();
    for (const value of ['--vested', '-', '', 'a b', '9lives', 'x'.repeat(62), 1, null, undefined])
      expect(optionalSort(value)).toBeUndefined();
  });

  it('sorts by a column the table has, and falls back to its own order otherwise', () => {
    const sortable = ['vested', 'grantDate'];
    expect(resolveSort('-vested', sortable)).toEqual({ column: 'vested', direction: 'descending' });
    expect(resolveSort('salary', sortable)).toBeNull();
    expect(resolveSort(undefined, sortable)).toBeNull();
  });
});
