import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isIsoDate } from '../domain/dates';
import { isoDate, isWellFormed, optionalDate, optionalNotes, requiredText, text } from './common';

const name = requiredText('Name', { max: 10 });
const notes = optionalNotes(100, 'Notes');
const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('the text schema', () => {
  it.each([
    ['Acme', 'Acme'],
    ['  Acme  ', 'Acme'],
    ['Ærø 𝔄', 'Ærø 𝔄'],
    ['\tAcme\n', 'Acme'],
  ])('accepts %j as %j', (input, output) => {
    expect(name.parse(input)).toBe(output);
  });

  it.each([
    ['Ac\u0000me', 'Name must not contain control characters'],
    ['Ac\tme', 'Name must be a single line (no tabs or line breaks)'],
    ['Ac\nme', 'Name must be a single line (no tabs or line breaks)'],
    ['Ac\rme', 'Name must be a single line (no tabs or line breaks)'],
    ['Ac\u001bme', 'Name must not contain control characters'],
    ['Ac\u007fme', 'Name must not contain control characters'],
    ['Ac\u0085me', 'Name must not contain control characters'],
    ['Ac\u009fme', 'Name must not contain control characters'],
    ['Ac\uD800me', 'Name must be well-formed Unicode text'],
    ['Ac\uDC00me', 'Name must be well-formed Unicode text'],
    ['\uDFFF\uD800', 'Name must be well-formed Unicode text'],
    ['x'.repeat(11), 'Name is at most 10 characters'],
    ['   ', 'Name is required'],
    [undefined, 'Name is required'],
    [null, 'Name is required'],
    [12, 'Name must be text'],
  ])('refuses %j: %s', (input, expected) => {
    expect(message(name.safeParse(input))).toBe(expected);
  });

  it('multi-line text keeps tab and newline, turns CR and CRLF into newline', () => {
    expect(notes.parse('a\r\n\tb\rc\nd')).toBe('a\n\tb\nc\nd');
    expect(notes.parse('  ')).toBeNull();
    expect(notes.parse(undefined)).toBeNull();
    expect(message(notes.safeParse('a\u0000b'))).toBe('Notes must not contain control characters');
    expect(message(notes.safeParse('a\u000bb'))).toBe('Notes must not contain control characters');
    expect(message(notes.safeParse('a\uD83Db'))).toBe('Notes must be well-formed Unicode text');
  });

  it('whatever it accepts is trimmed, well-formed, free of control characters and short enough', () => {
    const schema = text('T', { max: 20 });
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        const r = schema.safeParse(s);
        if (!r.success) return;
        expect(r.data).toBe(r.data.trim());
        expect(isWellFormed(r.data)).toBe(true);
        // eslint-disable-next-line no-control-regex
        expect(r.data).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(r.data.length).toBeLessThanOrEqual(20);
      }),
    );
  });

  it('isWellFormed agrees with String.prototype.isWellFormed where the runtime has it', () => {
    const native = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
    if (!native) return;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(isWellFormed(s)).toBe(native.call(s));
      }),
    );
  });
});

describe('the date schema', () => {
  const date = isoDate('Grant date');
  it.each(['0001-01-01', '2024-02-29', '9999-12-31', ' 2024-01-15 '])('accepts %j', (v) => {
    expect(date.parse(v)).toBe(v.trim());
  });

  it.each([
    ['0000-01-01', 'Grant date must be a date in the years 0001–9999'],
    ['0000-02-30', 'Grant date must be a date in the years 0001–9999'],
    ['10000-01-01', 'Grant date must be a date (YYYY-MM-DD)'],
    ['+010000-01-01', 'Grant date must be a date (YYYY-MM-DD)'],
    ['2023-02-29', 'Grant date must be a date (YYYY-MM-DD)'],
    ['2024-02-30', 'Grant date must be a date (YYYY-MM-DD)'],
    ['2024-13-01', 'Grant date must be a date (YYYY-MM-DD)'],
    ['2024-1-1', 'Grant date must be a date (YYYY-MM-DD)'],
    ['2024-01-01T00:00:00Z', 'Grant date must be a date (YYYY-MM-DD)'],
    ['2024-01-01\u0000', 'Grant date must be a date (YYYY-MM-DD)'],
    [undefined, 'Grant date is required (YYYY-MM-DD)'],
    [20240101, 'Grant date must be a date (YYYY-MM-DD)'],
  ])('refuses %j: %s', (input, expected) => {
    expect(message(date.safeParse(input))).toBe(expected);
  });

  it('optional dates turn "", null and absent into null and name the year 0000', () => {
    const optional = optionalDate('Expiry date');
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse('2030-01-01')).toBe('2030-01-01');
    expect(message(optional.safeParse('0000-01-01'))).toBe(
      'Expiry date must be a date in the years 0001–9999',
    );
    expect(message(optional.safeParse(5))).toBe('Expiry date must be a date (YYYY-MM-DD)');
  });

  it('accepts exactly the real days of the years 0001–9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(isIsoDate(iso)).toBe(true);
          expect(date.safeParse(iso).success).toBe(true);
        },
      ),
    );
    expect(isIsoDate('0000-06-15')).toBe(false);
  });
});
