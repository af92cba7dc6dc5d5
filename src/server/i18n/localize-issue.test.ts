import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema, isoDate, optionalEmail, requiredText, text } from '../../contracts/common';
import { fieldIssues } from '../../contracts/errors';
import { translator } from './index';
import {
  issueMessage,
  localizeIssue,
  textProblemMessage,
  withInputs,
} from '../../contracts/i18n/issues';

/** The first issue zod reports for `input` against `schema`. */
function issueOf(schema: z.ZodType, input: unknown, options?: { reportInput?: boolean }) {
  const result = schema.safeParse(input, options);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!;
}

const en = translator('en');
const nl = translator('nl');

describe('localizeIssue (issue 12): every zod issue code as a catalog message', () => {
  it.each([
    // [what, schema, input, English, Dutch]
    [
      'a missing value',
      z.object({ a: z.string() }),
      {},
      'This field is required',
      'Dit veld is verplicht',
    ],
    [
      'an empty required text',
      requiredText('Name', { max: 10 }),
      '',
      'This field is required',
      'Dit veld is verplicht',
    ],
    ['text too short', z.string().min(3), 'ab', 'At least 3 characters', 'Minstens 3 tekens'],
    [
      'text too long',
      text('Name', { max: 5 }),
      'abcdefgh',
      'At most 5 characters',
      'Hoogstens 5 tekens',
    ],
    ['a number too small', z.number().min(1), 0, 'Must be at least 1', 'Moet minstens 1 zijn'],
    [
      'a number not positive',
      z.number().positive(),
      0,
      'Must be more than 0',
      'Moet groter zijn dan 0',
    ],
    [
      'a number too big',
      z.number().max(1000),
      5000,
      'Must be at most 1,000',
      'Mag hoogstens 1.000 zijn',
    ],
    [
      'a number not below',
      z.number().lt(10),
      10,
      'Must be less than 10',
      'Moet kleiner zijn dan 10',
    ],
    ['too few items', z.array(z.string()).min(2), ['a'], 'At least 2 items', 'Minstens 2 items'],
    [
      'too many items',
      z.array(z.string()).max(1),
      ['a', 'b'],
      'At most 1 item',
      'Hoogstens 1 item',
    ],
    ['text where a number goes', z.number(), 'x', 'Expected a number', 'Verwacht: een getal'],
    [
      'a fraction where a whole number goes',
      z.number().int(),
      1.5,
      'Expected a whole number',
      'Verwacht: een geheel getal',
    ],
    ['a number where text goes', z.string(), 3, 'Expected text', 'Verwacht: tekst'],
    [
      'a bad e-mail (regex)',
      emailSchema,
      'not-an-address',
      'Enter a valid e-mail address',
      'Vul een geldig e-mailadres in',
    ],
    [
      'a bad e-mail (format)',
      z.email(),
      'nope',
      'Enter a valid e-mail address',
      'Vul een geldig e-mailadres in',
    ],
    [
      'a bad optional e-mail',
      optionalEmail('E-mail'),
      'nope',
      'Enter a valid e-mail address',
      'Vul een geldig e-mailadres in',
    ],
    ['a bad id', z.uuid(), 'x', 'Must be an id', 'Moet een id zijn'],
    [
      'another format',
      z.string().regex(/^a+$/),
      'b',
      'Has the wrong format',
      'Heeft niet de juiste vorm',
    ],
    [
      'not an option',
      z.enum(['bv', 'nv']),
      'x',
      'Must be one of: bv, nv',
      'Moet een van deze waarden zijn: bv, nv',
    ],
    [
      'not a multiple',
      z.number().multipleOf(5),
      7,
      'Must be a multiple of 5',
      'Moet een veelvoud van 5 zijn',
    ],
    [
      'an unknown field',
      z.strictObject({}),
      { colour: 1 },
      'Unknown field "colour"',
      'Onbekend veld "colour"',
    ],
    [
      'a control character',
      text('Name', { max: 50 }),
      'a\u0007b',
      'Must not contain control characters',
      'Mag geen stuurtekens bevatten',
    ],
    [
      'a lone surrogate',
      text('Name', { max: 50 }),
      'a\uD800b',
      'Must be well-formed Unicode text',
      'Moet geldige Unicode-tekst zijn',
    ],
    [
      'a line break in a single line',
      text('Name', { max: 50 }),
      'a\nb',
      'Must be a single line (no tabs or line breaks)',
      'Moet één regel zijn (geen tabs of regeleinden)',
    ],
    [
      'a date in year 0000',
      isoDate('Date'),
      '0000-01-01',
      'Must be a date in the years 0001–9999',
      'Moet een datum in de jaren 0001–9999 zijn',
    ],
    [
      'a day that does not exist',
      isoDate('Date'),
      '2023-02-29',
      'Must be a date (YYYY-MM-DD)',
      'Moet een datum zijn (JJJJ-MM-DD)',
    ],
    [
      'an unnamed refinement',
      z.string().refine(() => false, 'Nope'),
      'x',
      'Invalid value',
      'Ongeldige waarde',
    ],
    ['a union', z.union([z.string(), z.number()]), true, 'Expected text', 'Verwacht: tekst'],
  ] as [string, z.ZodType, unknown, string, string][])('%s', (_, schema, input, english, dutch) => {
    const issue = issueOf(schema, input, { reportInput: true });
    expect(localizeIssue(issue, en)).toBe(english);
    expect(localizeIssue(issue, nl)).toBe(dutch);
  });

  it('keeps the contract’s own English, which names the field, and uses the catalog otherwise', () => {
    const issue = issueOf(requiredText('Legal name', { max: 10 }), '');
    expect(issueMessage(issue, 'en', en)).toBe('Legal name is required');
    expect(issueMessage(issue, 'nl', nl)).toBe('Dit veld is verplicht');
  });

  it('tells a missing field from one of the wrong type by the parsed value (withInputs)', () => {
    const schema = z.object({ a: z.string(), b: z.string() });
    const data = { b: 3 };
    const issues = withInputs(schema.safeParse(data).error!.issues, data);
    expect(issues.map((i) => localizeIssue(i, nl))).toEqual([
      'Dit veld is verplicht',
      'Verwacht: tekst',
    ]);
    // Without the value: the wrong-type message, which fits both.
    expect(localizeIssue(schema.safeParse(data).error!.issues[0]!, en)).toBe('Expected text');
  });

  it('names each unknown key as a field of its own', () => {
    const issues = z.strictObject({ a: z.string() }).safeParse({ a: 'x', b: 1, c: 2 }).error!;
    const fields = fieldIssues(issues.issues);
    expect(Object.keys(fields)).toEqual(['b', 'c']);
    expect(localizeIssue(fields.c!, nl)).toBe('Onbekend veld "c"');
    expect(fields.c!.message).toBe('Unknown field "c"');
  });

  it('finds the text rule behind the input guard’s wording', () => {
    expect(textProblemMessage('field name must not contain control characters').key).toBe(
      'validation.text.control',
    );
    expect(textProblemMessage('something else').key).toBe('validation.invalid');
  });
});
