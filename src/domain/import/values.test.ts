import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectDateOrder,
  detectNumberConvention,
  excelSerialToIso,
  normalizeHeader,
  parseDateCell,
  parseIntegerCell,
  parseNumberCell,
} from './values';

describe('dates', () => {
  it.each([
    ['2024-12-31', '2024-12-31'],
    ['2024-2-3', '2024-02-03'],
    ['31-12-2024', '2024-12-31'],
    ['1-2-2024', '2024-02-01'],
    ['03-04-2024', '2024-04-03'],
    ['31.12.2024', '2024-12-31'],
    ['31/12/2024', '2024-12-31'],
    ['05/05/2024', '2024-05-05'],
    [45292, '2024-01-01'],
    [45292.75, '2024-01-01'],
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    [{ date: '2024-06-30' }, '2024-06-30'],
  ])('%j is %s', (cell, iso) => {
    expect(parseDateCell(cell)).toEqual({ ok: true, value: iso });
  });

  it.each([
    ['31-02-2024', 'invalid'],
    ['2023-02-29', 'invalid'],
    ['12/31/2024x', 'invalid'],
    ['24-12-31', 'invalid'],
    [60, 'invalid'],
    [0, 'invalid'],
    ['03/04/2024', 'ambiguous'],
    ['', 'empty'],
    [{ error: '#REF!' }, 'cellError'],
  ])('%j is %s', (cell, problem) => {
    expect(parseDateCell(cell)).toEqual({ ok: false, problem });
  });

  it('reads ambiguous slash dates in the order the column shows', () => {
    const column = ['12/31/2024', '03/04/2024'];
    expect(detectDateOrder(column)).toBe('mdy');
    expect(parseDateCell('03/04/2024', 'mdy')).toEqual({ ok: true, value: '2024-03-04' });
    expect(detectDateOrder(['31/12/2024', '12/31/2024'])).toBeNull();
    expect(detectDateOrder(['13/01/2024'])).toBe('dmy');
  });

  it('reads every day written day-first with dashes, and every serial back to its date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-03-01'), max: new Date('9999-12-31') }), (d) => {
        if (Number.isNaN(d.getTime())) return;
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(parseDateCell(`${Number(day)}-${Number(m)}-${y}`)).toEqual({ ok: true, value: iso });
        expect(parseDateCell(`${day}-${m}-${y}`)).toEqual({ ok: true, value: iso });
        const serial = Math.round((Date.UTC(+y!, +m! - 1, +day!) - Date.UTC(1899, 11, 30)) / 864e5);
        expect(excelSerialToIso(serial)).toBe(iso);
      }),
    );
  });
});

describe('numbers', () => {
  it.each([
    ['1.234,56', null, '1234.56'],
    ['1,234.56', null, '1234.56'],
    ['1.234.567', null, '1234567'],
    ['1,5', null, '1.5'],
    ['1.5', null, '1.5'],
    ['0.123', null, '0.123'],
    ['1000', null, '1000'],
    ['€ 1.250,00', null, '1250'],
    ['1 234,5', null, '1234.5'],
    ['-12,50', null, '-12.5'],
    ['1.000', 'nl', '1000'],
    ['1.000', 'en', '1'],
    ['1,000', 'en', '1000'],
    [1234.5, null, '1234.5'],
  ] as const)('%j (%s) is %s', (cell, convention, value) => {
    expect(parseNumberCell(cell, convention)).toEqual({ ok: true, value });
  });

  it.each([
    ['1.000', 'ambiguous'],
    ['1,000', 'ambiguous'],
    ['1.2.3', 'invalid'],
    ['12,34,5', 'invalid'],
    ['abc', 'invalid'],
    ['1,234.5,6', 'invalid'],
  ])('%j is %s without a convention', (cell, problem) => {
    expect(parseNumberCell(cell)).toEqual({ ok: false, problem });
  });

  it('takes the convention from the unambiguous values only', () => {
    expect(detectNumberConvention(['1.000', '2,5', '3'])).toBe('nl');
    expect(detectNumberConvention(['1,000', '2.5'])).toBe('en');
    expect(detectNumberConvention(['1,000', '1.000'])).toBeNull();
    expect(detectNumberConvention(['2,5', '2.5'])).toBeNull();
  });

  it('reads whole numbers only as integers', () => {
    expect(parseIntegerCell('1.000', 'nl')).toEqual({ ok: true, value: 1000 });
    expect(parseIntegerCell('1,5', 'nl')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('reads any amount written either way back to its value', () => {
    const amount = fc.tuple(
      fc.bigInt({ min: 0n, max: 10n ** 15n }),
      fc.integer({ min: 0, max: 99 }),
    );
    fc.assert(
      fc.property(amount, ([whole, cents]) => {
        const group = (sep: string) => whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, sep);
        const frac = cents.toString().padStart(2, '0');
        const expected = `${whole}${cents ? `.${frac.replace(/0$/, '')}` : ''}`;
        expect(parseNumberCell(`${group('.')},${frac}`)).toEqual({ ok: true, value: expected });
        expect(parseNumberCell(`${group(',')}.${frac}`)).toEqual({ ok: true, value: expected });
        expect(parseNumberCell(`${group('.')},${frac}`, 'en').ok).toBe(true);
        // With a known convention, grouped whole numbers read as the convention says.
        expect(parseNumberCell(group('.'), 'nl')).toEqual({ ok: true, value: whole.toString() });
        expect(parseNumberCell(group(','), 'en')).toEqual({ ok: true, value: whole.toString() });
      }),
    );
  });

  it('never reads text both conventions read differently without a convention', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9.,]{1,12}$/), (text) => {
        const result = parseNumberCell(text);
        if (result.ok) {
          expect(parseNumberCell(text, 'nl')).toEqual(result);
          expect(parseNumberCell(text, 'en')).toEqual(result);
        }
      }),
    );
  });
});

describe('headers', () => {
  it('ignores case, spaces, punctuation and accents', () => {
    expect(normalizeHeader(' E-mail ')).toBe('email');
    expect(normalizeHeader('Aantal  aandelen')).toBe('aantalaandelen');
    expect(normalizeHeader('Coöperatie_Naam')).toBe('cooperatienaam');
  });
});
