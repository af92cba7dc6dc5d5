import { describe, expect, it } from 'vitest';
import { countFromInput, decimalFromInput, formatCount, idFromInput, todayIso } from './format';
import { readCapTableSearch } from './search';

describe('countFromInput', () => {
  it.each([
    ['6000', 6000],
    ['6,000', 6000],
    ['6.000', 6000],
    ['1 000 000', 1_000_000],
    ['1,000,000', 1_000_000],
    [' 42 ', 42],
    ['', null],
    ['   ', null],
  ])('reads %j as %j', (input, expected) => {
    expect(countFromInput(input)).toBe(expected);
  });

  it.each([['2.5'], ['1,5'], ['-3']])(
    'hands %j to the schema as a number that is not a valid count',
    (input) => {
      const value = countFromInput(input);
      expect(typeof value).toBe('number');
      expect(Number.isInteger(value) && (value as number) > 0).toBe(false);
    },
  );

  it('leaves text that is no number as NaN for the schema to refuse', () => {
    expect(countFromInput('abc')).toBeNaN();
  });

  it('passes defaults that are numbers already', () => {
    expect(countFromInput(7)).toBe(7);
    expect(countFromInput(null)).toBe(null);
  });
});

describe('decimalFromInput', () => {
  it.each([
    ['0,01', '0.01'],
    ['0.01', '0.01'],
    [' 1,5 ', '1.5'],
    ['', ''],
    ['1,000.5', '1,000.5'],
  ])('reads %j as %j', (input, expected) => {
    expect(decimalFromInput(input)).toBe(expected);
  });
});

describe('idFromInput', () => {
  it('turns "nothing chosen" into null', () => {
    expect(idFromInput('')).toBe(null);
    expect(idFromInput('3f1c')).toBe('3f1c');
  });
});

describe('display', () => {
  it("formats counts with the active language's thousands separators", () => {
    expect(formatCount(12_500)).toBe('12,500');
    expect(formatCount(0)).toBe('0');
  });

  it("gives today's date in the viewer's calendar", () => {
    expect(todayIso(new Date(2024, 0, 5, 0, 30))).toBe('2024-01-05');
    expect(todayIso(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });
});

describe('readCapTableSearch', () => {
  it('keeps a real date and drops anything else', () => {
    expect(readCapTableSearch({ asOf: '2024-02-29' })).toEqual({ asOf: '2024-02-29' });
    expect(readCapTableSearch({ asOf: '2023-02-29' })).toEqual({});
    expect(readCapTableSearch({ asOf: 20240301 })).toEqual({});
    expect(readCapTableSearch({})).toEqual({});
  });

  it('keeps the orders of the cap table and the register, dropping malformed ones', () => {
    const classId = '0b6c1c2e-8f7a-4c1e-9a55-3d2f1e0a9b7c';
    expect(
      readCapTableSearch({ sort: `-class-${classId}`, registerSort: '-shareNumbers' }),
    ).toEqual({ sort: `-class-${classId}`, registerSort: '-shareNumbers' });
    expect(readCapTableSearch({ sort: '-fullyDilutedPercent' })).toEqual({
      sort: '-fullyDilutedPercent',
    });
    for (const sort of ['--holder', '-', 'a;b', 7])
      expect(readCapTableSearch({ sort }).sort).toBeUndefined();
  });
});
