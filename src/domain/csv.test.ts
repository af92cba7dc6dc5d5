import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvText, neutralizeFormula, sheetCsv, type CsvDialect } from './csv';

const english: CsvDialect = { separator: ',', decimal: '.' };
const dutch: CsvDialect = { separator: ';', decimal: ',' };

/** The field as a spreadsheet reads it: quotes removed, doubled quotes undone. */
const unquoted = (field: string) =>
  field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;

describe('neutralizeFormula (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+31 6 12345678', `'+31 6 12345678`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['Anna de Vries', 'Anna de Vries'],
    ['', ''],
    ["'already quoted", "'already quoted"],
  ])('%j → %j', (text, expected) => {
    expect(neutralizeFormula(text)).toBe(expected);
  });
});

describe('csvField', () => {
  it('quotes separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('Vries, Bart de', english)).toBe('"Vries, Bart de"');
    expect(csvField('Vries, Bart de', dutch)).toBe('Vries, Bart de');
    expect(csvField('Vries; Bart de', dutch)).toBe('"Vries; Bart de"');
    expect(csvField('say "hi"', english)).toBe('"say ""hi"""');
    expect(csvField('=1+2, "x"', english)).toBe(`"'=1+2, ""x"""`);
    expect(csvField('\rcmd', english)).toBe(`"'\rcmd"`);
  });

  it('numbers we wrote stay numbers: negatives are not escaped, decimals in the reader’s point', () => {
    expect(csvField(-5, english)).toBe('-5');
    expect(csvField(1234567, dutch)).toBe('1234567');
    expect(csvField({ decimal: '-12.50' }, english)).toBe('-12.50');
    expect(csvField({ decimal: '-12.50' }, dutch)).toBe('-12,50');
    expect(csvField({ decimal: '66.6667' }, dutch)).toBe('66,6667');
    // The same text as text is escaped.
    expect(csvField('-12.50', english)).toBe(`'-12.50`);
  });

  it('a "decimal" that is not a number is text, and escaped as text', () => {
    expect(csvField({ decimal: '=1+1' }, english)).toBe(`'=1+1`);
  });

  it('empty cells', () => {
    expect(csvField(null, english)).toBe('');
    expect(csvField(undefined, english)).toBe('');
    expect(csvText([['a', null, 3]], english)).toBe('a,,3\r\n');
  });

  it('property: an escaped text cell never starts with a dangerous character; a number is written as itself', () => {
    const dialects = fc.constantFrom(english, dutch);
    const dangerous = /^[=+\-@\t\r]/;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string())
            .map(([start, rest]) => start + rest),
        ),
        dialects,
        (text, dialect) => {
          const field = unquoted(csvField(text, dialect));
          expect(dangerous.test(field)).toBe(false);
          // Nothing lost: the quote is the only change.
          expect(field === text || field === `'${text}`).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), dialects, (n, dialect) => {
        expect(csvField(n, dialect)).toBe(String(n));
      }),
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 9999 }),
        dialects,
        (whole, fraction, dialect) => {
          const decimal = `${whole < 0n ? '-' : ''}${whole < 0n ? -whole : whole}.${fraction}`;
          expect(csvField({ decimal }, dialect)).toBe(decimal.replace('.', dialect.decimal));
        },
      ),
    );
  });
});

describe('sheetCsv', () => {
  it('writes each cell by its column’s kind', () => {
    const csv = sheetCsv(
      {
        name: 'Test',
        columns: [
          { header: 'Name', kind: 'text' },
          { header: 'Count', kind: 'count' },
          { header: 'Price', kind: 'money' },
          { header: 'Share', kind: 'percent' },
          { header: 'Date', kind: 'date' },
        ],
        rows: [
          ['@SUM(A1)', -3, '-0.10', '12.5000', '2024-01-15'],
          ['+31', null, null, null, null],
        ],
      },
      dutch,
    );
    expect(csv).toBe(
      "Name;Count;Price;Share;Date\r\n'@SUM(A1);-3;-0,10;12,5000;2024-01-15\r\n'+31;;;;\r\n",
    );
  });
});
