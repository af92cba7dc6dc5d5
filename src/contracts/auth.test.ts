import { describe, expect, it } from 'vitest';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  signInSchema,
  signUpSchema,
} from './auth';

const valid = { name: 'Anna de Vries', email: 'anna@lawfirm.nl', password: 'correct horse' };

/** `[path, message]` pairs of a failed parse (fails the test if the parse passed). */
function issuesOf(input: unknown): [string, string][] {
  const result = signUpSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('signUpSchema', () => {
  it('accepts a valid sign-up unchanged', () => {
    expect(signUpSchema.parse(valid)).toEqual(valid);
  });

  it('exports the limits it enforces', () => {
    expect([NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([32, 8, 128]);
  });

  describe('name', () => {
    it.each([
      ['A', 'A'],
      ['  Anna  ', 'Anna'],
      ['x'.repeat(32), 'x'.repeat(32)],
      [` ${'x'.repeat(32)} `, 'x'.repeat(32)], // trimmed before the length check
      ['Zoë Çelik-Øster', 'Zoë Çelik-Øster'],
    ])('%j → %j', (name, expected) => {
      expect(signUpSchema.parse({ ...valid, name }).name).toBe(expected);
    });

    it.each([
      ['', 'Name is required'],
      ['   ', 'Name is required'],
      ['x'.repeat(33), 'Name is at most 32 characters'],
      [` ${'x'.repeat(33)} `, 'Name is at most 32 characters'],
    ])('rejects %j: %s', (name, message) => {
      expect(issuesOf({ ...valid, name })).toEqual([['name', message]]);
    });
  });

  describe('email', () => {
    it.each([
      ['Anna@LawFirm.NL', 'anna@lawfirm.nl'],
      ['  anna@lawfirm.nl  ', 'anna@lawfirm.nl'],
      [' ANNA.DE.VRIES+ESOP@Mail.Example.COM ', 'anna.de.vries+esop@mail.example.com'],
    ])('normalizes %j → %j', (email, expected) => {
      expect(signUpSchema.parse({ ...valid, email }).email).toBe(expected);
    });

    it.each([
      ['', 'Enter a valid e-mail address'],
      ['anna', 'Enter a valid e-mail address'],
      ['anna@lawfirm', 'Enter a valid e-mail address'],
      ['anna@@lawfirm.nl', 'Enter a valid e-mail address'],
      ['anna de vries@lawfirm.nl', 'Enter a valid e-mail address'],
      ['anna@lawfirm..nl', 'Enter a valid e-mail address'],
      [`${'a'.repeat(250)}@x.nl`, 'E-mail is at most 254 characters'],
    ])('rejects %j: %s', (email, message) => {
      expect(issuesOf({ ...valid, email })[0]).toEqual(['email', message]);
    });

    it('rejects a missing or non-string e-mail with the same message', () => {
      const { email: _omitted, ...withoutEmail } = valid;
      expect(issuesOf(withoutEmail)).toEqual([['email', 'Enter a valid e-mail address']]);
      expect(issuesOf({ ...valid, email: 42 })).toEqual([
        ['email', 'Enter a valid e-mail address'],
      ]);
    });
  });

  describe('password', () => {
    it.each([['12345678'], ['x'.repeat(128)], ['        '], ['pässwörd']])(
      'accepts %j',
      (password) => {
        // Passwords are taken as typed: not trimmed.
        expect(signUpSchema.parse({ ...valid, password }).password).toBe(password);
      },
    );

    it.each([
      ['', 'Password must be at least 8 characters'],
      ['1234567', 'Password must be at least 8 characters'],
      ['x'.repeat(129), 'Password is at most 128 characters'],
    ])('rejects %j: %s', (password, message) => {
      expect(issuesOf({ ...valid, password })).toEqual([['password', message]]);
    });
  });

  it('reports every invalid field at once', () => {
    expect(issuesOf({ name: '', email: 'x', password: 'short' }).map(([path]) => path)).toEqual([
      'name',
      'email',
      'password',
    ]);
  });
});

describe('signInSchema', () => {
  it('normalizes the e-mail and keeps the password as typed', () => {
    expect(signInSchema.parse({ email: ' Anna@LawFirm.NL ', password: ' pw ' })).toEqual({
      email: 'anna@lawfirm.nl',
      password: ' pw ',
    });
  });

  it('requires a password', () => {
    const result = signInSchema.safeParse({ email: 'anna@lawfirm.nl', password: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Password is required']);
  });
});
