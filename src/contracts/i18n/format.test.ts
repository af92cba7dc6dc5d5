import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatIsoDate,
  formatMoney,
  formatMonth,
  formatPercent,
} from './format';
import { negotiateLanguage, parseAcceptLanguage } from './languages';
import { dateOrder, formatDateForInput, parseLocaleDate, parseLocaleNumber } from './parse';

// Intl puts no-break and narrow no-break spaces where a person sees spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting in a language (issue 12)', () => {
  it.each([
    ['nl', formatInteger('nl', 1234567), '1.234.567'],
    ['en', formatInteger('en', 1234567), '1,234,567'],
    ['nl', formatDecimal('nl', '1234567.89'), '1.234.567,89'],
    ['en', formatDecimal('en', '1234567.89'), '1,234,567.89'],
    ['nl', formatMoney('nl', '1234.56', 'EUR'), '€ 1.234,56'],
    ['en', formatMoney('en', '1234.56', 'EUR'), '€1,234.56'],
    ['nl', formatMoney('nl', '-1234.5', 'EUR'), '€ -1.234,50'],
    ['en', formatMoney('en', '-1234.5', 'USD'), '-US$1,234.50'],
    ['nl', formatMoney('nl', '0.000125', 'EUR'), '€ 0,000125'],
    ['en', formatMoney('en', '12.345678', 'EUR'), '€12.345678'],
    ['nl', formatPercent('nl', '41.6667'), '41,6667%'],
    ['en', formatPercent('en', '41.6667'), '41.6667%'],
    ['nl', formatPercent('nl', '100'), '100%'],
    ['nl', formatIsoDate('nl', '2026-01-01', 'long'), '1 januari 2026'],
    ['en', formatIsoDate('en', '2026-01-01', 'long'), '1 January 2026'],
    ['nl', formatIsoDate('nl', '2026-03-01', 'short'), '01-03-2026'],
    ['en', formatIsoDate('en', '2026-03-01', 'short'), '01/03/2026'],
    ['nl', formatMonth('nl', '2026-03'), 'maart 2026'],
  ])('%s: %s', (_language, actual, expected) => {
    expect(plain(actual)).toBe(expected);
  });

  it('keeps every digit of an 18-digit count and a 6-decimal price (no float)', () => {
    expect(formatInteger('en', '123456789012345678')).toBe('123,456,789,012,345,678');
    expect(plain(formatMoney('nl', '123456789012.123456', 'EUR'))).toBe('€ 123.456.789.012,123456');
  });

  it('formats a date in UTC whatever the viewer’s zone, and year 1 and 9999', () => {
    expect(formatIsoDate('en', '0001-01-01', 'long')).toBe('1 January 1');
    expect(formatIsoDate('nl', '9999-12-31', 'long')).toBe('31 december 9999');
    expect(formatIsoDate('nl', 'not a date')).toBe('not a date');
  });

  it('formats an instant in the given time zone', () => {
    expect(plain(formatDateTime('nl', '2025-11-22T13:05:00Z', 'Europe/Amsterdam'))).toBe(
      '22 nov 2025, 14:05',
    );
  });
});

describe('reading numbers typed in a language', () => {
  it.each([
    ['nl', '1.000', {}, '1000'],
    ['nl', '1.000.000', {}, '1000000'],
    ['nl', '1,5', {}, '1.5'],
    ['nl', '1.000,50', {}, '1000.5'],
    ['nl', '0.5', {}, '0.5'], // a keypad's decimal point, not a dropped separator
    ['nl', '-1.234,567891', {}, '-1234.567891'],
    ['nl', '−12,5', {}, '-12.5'],
    ['nl', '0,000125', {}, '0.000125'],
    ['nl', '1 000 000', {}, '1000000'],
    ['en', '1,000', {}, '1000'],
    ['en', '1.000', {}, '1'], // English: one, to three decimals
    ['en', '1,000.50', {}, '1000.5'],
    ['en', '0,5', {}, '0.5'],
    ['en', '-0.000125', {}, '-0.000125'],
    ['nl', '1.000', { integer: true }, '1000'],
    ['en', '1.000', { integer: true }, '1000'], // never a one for a share count
    ['en', '1,000', { integer: true }, '1000'],
    ['nl', '-0', {}, '0'],
    ['nl', '007', { integer: true }, '7'],
  ] as const)('%s "%s" %j → %s', (language, text, options, expected) => {
    expect(parseLocaleNumber(language, text, options)).toBe(expected);
  });

  it.each([
    ['nl', '1,5', { integer: true }],
    ['nl', '1.2.3', {}],
    ['nl', '1,000,5', {}],
    ['en', '1.000.5', {}],
    ['nl', 'abc', {}],
    ['nl', '', {}],
    ['nl', '-', {}],
    ['nl', '12e3', {}],
    ['en', '1,00', { integer: true }],
  ] as const)('%s "%s" %j is not a number', (language, text, options) => {
    expect(parseLocaleNumber(language, text, options)).toBeNull();
  });
});

describe('reading dates typed in a language', () => {
  it.each([
    ['nl', '1-3-2026', '2026-03-01'],
    ['nl', '01-03-2026', '2026-03-01'],
    ['nl', '1 maart 2026', '2026-03-01'],
    ['nl', '1 mrt 2026', '2026-03-01'],
    ['nl', '2026-03-01', '2026-03-01'],
    ['en', '01/03/2026', '2026-03-01'],
    ['en', '1 March 2026', '2026-03-01'],
    ['en', '1 Mar 2026', '2026-03-01'],
    ['en-US', '3/1/2026', '2026-03-01'],
    ['nl', '29-2-2028', '2028-02-29'],
    ['nl', '1-1-0001', '0001-01-01'],
  ])('%s "%s" → %s', (language, text, expected) => {
    expect(parseLocaleDate(language, text)).toBe(expected);
  });

  it.each([
    ['nl', '31-2-2026'],
    ['nl', '1-3-26'],
    ['nl', '1 foo 2026'],
    ['nl', '2026-13-01'],
    ['nl', '0-1-2026'],
    ['nl', '1-1-0000'],
    ['nl', ''],
  ])('%s "%s" is not a date', (language, text) => {
    expect(parseLocaleDate(language, text)).toBeNull();
  });

  it('shows dates in inputs in the language’s short form, and reads them back', () => {
    expect(formatDateForInput('nl', '2026-03-01')).toBe('01-03-2026');
    expect(parseLocaleDate('nl', formatDateForInput('nl', '2026-03-01'))).toBe('2026-03-01');
    expect(parseLocaleDate('en', formatDateForInput('en', '2026-12-31'))).toBe('2026-12-31');
    expect(dateOrder('nl')).toEqual(['day', 'month', 'year']);
  });
});

describe('choosing the language', () => {
  it('reads Accept-Language by q-value', () => {
    expect(parseAcceptLanguage('en;q=0.5, nl-BE, fr;q=0.8, de;q=0, *')).toEqual([
      'nl-BE',
      'fr',
      'en',
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage('%%%, nl')).toEqual(['nl']);
  });

  it('matches exactly, then by primary language, then falls back', () => {
    expect(negotiateLanguage(['nl-BE', 'en'], ['en', 'nl'])).toBe('nl');
    expect(negotiateLanguage(['fr'], ['en', 'nl', 'fr-BE'])).toBe('fr-BE');
    expect(negotiateLanguage(['de'], ['en', 'nl'])).toBe('en');
    expect(negotiateLanguage([], ['en', 'nl'], 'nl')).toBe('nl');
  });
});
