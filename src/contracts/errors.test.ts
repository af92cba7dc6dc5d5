import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyCreateSchema } from './company';
import { ERROR_CODES, errorResponseSchema, fieldErrors } from './errors';

/** The issues zod reports for `input` against `schema` (fails the test if the parse passed). */
function issues(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues;
}

/** A schema that reports exactly the given custom issues, in order. */
function reporting(...list: { path: (string | number)[]; message: string }[]) {
  return z.unknown().superRefine((_, ctx) => {
    for (const { path, message } of list) ctx.addIssue({ code: 'custom', path, message });
  });
}

describe('fieldErrors', () => {
  it('maps no issues to no fields', () => {
    expect(fieldErrors([])).toEqual({});
  });

  it.each([
    [['name'], 'name'],
    [['address', 'city'], 'address.city'],
    [['items', 0, 'quantity'], 'items.0.quantity'],
    [[], 'body'],
  ] as [(string | number)[], string][])('joins path %j into the field %j', (path, key) => {
    const schema = reporting({ path, message: 'Problem' });
    expect(fieldErrors(issues(schema, {}))).toEqual({ [key]: 'Problem' });
  });

  it('keeps the first message per field', () => {
    const schema = reporting(
      { path: ['vat'], message: 'first' },
      { path: ['vat'], message: 'second' },
      { path: [], message: 'root first' },
      { path: [], message: 'root second' },
    );
    expect(fieldErrors(issues(schema, {}))).toEqual({ vat: 'first', body: 'root first' });
  });

  it('reports path-less issues under a custom root', () => {
    const schema = reporting({ path: [], message: 'Invalid query' });
    expect(fieldErrors(issues(schema, {}), 'query')).toEqual({ query: 'Invalid query' });
  });

  it('reports each unrecognized key as its own field', () => {
    const schema = z.strictObject({ name: z.string() });
    expect(fieldErrors(issues(schema, { name: 'x', foo: 1, bar: 2 }))).toEqual({
      foo: 'Unknown field "foo"',
      bar: 'Unknown field "bar"',
    });
  });

  it('prefixes unrecognized keys of a nested object with its path', () => {
    const schema = z.object({
      address: z.strictObject({ city: z.string() }),
      lines: z.array(z.strictObject({ qty: z.number() })),
    });
    expect(
      fieldErrors(
        issues(schema, { address: { city: 'A', zip: '1' }, lines: [{ qty: 1, sku: 'x' }] }),
      ),
    ).toEqual({
      'address.zip': 'Unknown field "zip"',
      'lines.0.sku': 'Unknown field "sku"',
    });
  });

  it('does not let an unrecognized key overwrite an earlier message, nor be overwritten', () => {
    const schema = z.unknown().superRefine((_, ctx) => {
      ctx.addIssue({ code: 'custom', path: ['foo'], message: 'first' });
      ctx.addIssue({ code: 'unrecognized_keys', keys: ['foo', 'bar'], path: [] });
      ctx.addIssue({ code: 'custom', path: ['bar'], message: 'later' });
    });
    expect(fieldErrors(issues(schema, {}))).toEqual({
      foo: 'first',
      bar: 'Unknown field "bar"',
    });
  });

  it('names the fields of a rejected company', () => {
    const result = fieldErrors(
      issues(companyCreateSchema, {
        companyName: '',
        country: 'NL',
        vat: 'NL123456783B01',
        postal: '0123 AB',
        extra: true,
      }),
    );
    expect(result).toEqual({
      companyName: 'Company name is required',
      vat: expect.stringMatching(/^Not a valid NL VAT number/),
      postal: 'Not a valid NL postal code (expected 1234 AB)',
      extra: 'Unknown field "extra"',
    });
  });

  it('produces fields that fit the error response schema', () => {
    const fields = fieldErrors(issues(z.strictObject({ a: z.string() }), { a: 1, b: 2 }));
    const body = { error: { code: 'VALIDATION_ERROR', message: 'Invalid request', fields } };
    expect(errorResponseSchema.parse(body)).toEqual(body);
    expect(ERROR_CODES).toContain(body.error.code);
  });
});
