import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../domain/dates';
import { findTextProblem, textProblem } from './text';

describe('the one text rule', () => {
  it.each([
    ['a\u0000b', 'must not contain control characters'],
    ['\u0007', 'must not contain control characters'],
    ['\u007F', 'must not contain control characters'],
    ['\u0085', 'must not contain control characters'],
    ['\uD800', 'must be well-formed Unicode text'],
    ['x\uDC00', 'must be well-formed Unicode text'],
    ['\uDBFF\uDBFF', 'must be well-formed Unicode text'],
  ])('refuses %j', (value, message) => {
    expect(textProblem(value)).toBe(message);
  });

  it('accepts ordinary text, emoji (surrogate pairs) and, in multi-line text, tabs and breaks', () => {
    for (const ok of ['Ærø B.V.', 'Zoë 😀', 'é', "O'Brien & Co", 'a\tb\nc\r\n']) {
      expect(textProblem(ok)).toBeNull();
    }
    expect(textProblem('Den\nHaag', { multiline: false })).toMatch(/single line/);
  });

  it('agrees with String.prototype.isWellFormed on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const wellFormed = (s as string & { isWellFormed(): boolean }).isWellFormed();
        const problem = textProblem(s);
        if (!wellFormed) expect(problem).toBe('must be well-formed Unicode text');
        else if (problem) expect(problem).toBe('must not contain control characters');
      }),
    );
  });

  it('finds the first problem in a nested body, keys included, with its path', () => {
    expect(findTextProblem({ a: { b: ['ok', 'x\u0000'] } })).toEqual({
      field: 'a.b.1',
      message: 'must not contain control characters',
    });
    expect(findTextProblem({ ['k\uD800']: 1 })).toEqual({
      field: 'k\uD800',
      message: 'field name must be well-formed Unicode text',
    });
    expect(findTextProblem('\u0000')).toEqual({
      field: 'body',
      message: 'must not contain control characters',
    });
    expect(findTextProblem({ fine: ['a', 1, null, { b: true }] })).toBeNull();
  });
});

describe('dates in years 0001–9999', () => {
  it.each(['0000-01-01', '10000-01-01', '2024-02-30', '2023-02-29', '2024-1-01', ''])(
    'refuses %j',
    (value) => expect(isIsoDate(value)).toBe(false),
  );
  it.each(['0001-01-01', '2024-02-29', '9999-12-31'])('accepts %j', (value) =>
    expect(isIsoDate(value)).toBe(true),
  );
});
