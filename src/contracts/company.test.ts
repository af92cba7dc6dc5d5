import { describe, expect, it } from 'vitest';
import { LEGAL_FORM_COUNTRIES, LEGAL_FORMS_BY_COUNTRY } from '../domain/legal-forms';
import {
  COMPANY_PAGE_LIMIT_MAX,
  companyCreateSchema,
  companyListQuerySchema,
  companyKeepLegalFormSchema,
  companyUpdateSchema,
} from './company';

/** The issues of a failed parse as `[path, message]` pairs (fails the test if the parse passed). */
function issuesOf(result: {
  success: boolean;
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]);
}

describe('companyCreateSchema', () => {
  describe('defaults', () => {
    it('fills in BV, NL and null for every optional field', () => {
      expect(companyCreateSchema.parse({ companyName: 'Acme' })).toEqual({
        companyName: 'Acme',
        vat: null,
        companyType: 'BV',
        street: null,
        streetNumber: null,
        postal: null,
        city: null,
        country: 'NL',
        contactName: null,
        email: null,
        phone: null,
        registrationNumber: null,
        incorporationDate: null,
        status: 'active',
        responsibleUserId: null,
        notes: null,
      });
    });

    it.each([
      ['NL', '12345678', '12345678', null],
      ['NL', '1234567', null, 'KvK number must be exactly 8 digits'],
      ['BE', '0403 170 701', '0403.170.701', null],
      ['BE', '0403.170.702', null, 'mod-97'],
      ['DE', 'HRB 123456', 'HRB 123456', null],
      ['DE', '123456', null, 'HRB 123456'],
      ['GB', 'sc123456', 'SC123456', null],
      ['GB', '1234', null, '8 characters'],
      ['US', 'DE-1234567', 'DE-1234567', null],
    ])('register number for %s: %s', (country, registrationNumber, normalized, error) => {
      const result = companyCreateSchema.safeParse({
        companyName: 'Acme',
        country,
        registrationNumber,
      });
      if (error === null) expect(result.success && result.data.registrationNumber).toBe(normalized);
      else
        expect(result.error?.issues[0]).toMatchObject({
          path: ['registrationNumber'],
          message: expect.stringContaining(error),
        });
    });

    it('refuses an impossible incorporation date and an unknown status', () => {
      const result = companyCreateSchema.safeParse({
        companyName: 'A',
        incorporationDate: '2023-02-29',
        status: 'gone',
      });
      expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual([
        'incorporationDate',
        'status',
      ]);
    });

    it.each(
      LEGAL_FORM_COUNTRIES.flatMap((country) =>
        LEGAL_FORMS_BY_COUNTRY[country].map((companyType) => [country, companyType] as const),
      ),
    )('accepts in %s company type %s', (country, companyType) => {
      expect(
        companyCreateSchema.parse({ companyName: 'Acme', country, companyType }).companyType,
      ).toBe(companyType);
    });

    it.each([
      ['NL', 'BV'],
      ['BE', 'BV/SRL'],
      ['DE', 'GmbH'],
      ['GB', 'Ltd'],
      ['US', 'Inc'],
      ['FR', 'Other'],
    ])('defaults a company in %s to %s (absent, null or empty)', (country, form) => {
      for (const companyType of [undefined, null, '', '  '])
        expect(
          companyCreateSchema.parse({ companyName: 'A', country, companyType }).companyType,
        ).toBe(form);
    });

    it('takes a free-text legal form outside the listed countries', () => {
      expect(
        companyCreateSchema.parse({ companyName: 'A', country: 'FR', companyType: ' SAS ' })
          .companyType,
      ).toBe('SAS');
      expect(
        companyCreateSchema.safeParse({
          companyName: 'A',
          country: 'FR',
          companyType: 'x'.repeat(41),
        }).error?.issues[0],
      ).toMatchObject({ path: ['companyType'], message: 'Company type is at most 40 characters' });
    });

    it('keeps a stored legal form of another country only when asked to', () => {
      const stored = { companyName: 'A', country: 'DE', companyType: 'BV' };
      expect(companyCreateSchema.safeParse(stored).success).toBe(false);
      expect(companyKeepLegalFormSchema.parse(stored).companyType).toBe('BV');
      // Every other rule still applies.
      expect(
        companyKeepLegalFormSchema.safeParse({ ...stored, postal: '1234 AB' }).error?.issues[0]
          ?.path,
      ).toEqual(['postal']);
    });
  });

  describe('trimming and empty values', () => {
    it('trims text fields', () => {
      const out = companyCreateSchema.parse({
        companyName: '  Acme BV  ',
        street: ' Keizersgracht ',
        streetNumber: ' 123 A ',
        city: '\tAmsterdam\n',
        contactName: ' Jan Jansen ',
        email: ' jan@acme.nl ',
        country: ' nl ',
      });
      expect(out).toMatchObject({
        companyName: 'Acme BV',
        street: 'Keizersgracht',
        streetNumber: '123 A',
        city: 'Amsterdam',
        contactName: 'Jan Jansen',
        email: 'jan@acme.nl',
        country: 'NL',
      });
    });

    it.each(['vat', 'street', 'streetNumber', 'postal', 'city', 'contactName', 'email', 'phone'])(
      "turns '', blanks and null into null for %s",
      (field) => {
        for (const value of ['', '   ', null, undefined]) {
          const out = companyCreateSchema.parse({ companyName: 'Acme', [field]: value });
          expect(out[field as keyof typeof out]).toBeNull();
        }
      },
    );
  });

  describe('normalization', () => {
    it.each([
      ['vat', 'nl 1234.56.782-b01', 'NL', 'NL123456782B01'],
      ['vat', 'be 0417.497.106', 'BE', 'BE0417497106'],
      ['vat', 'de 136 695 976', 'DE', 'DE136695976'],
      ['postal', '1234ab', 'NL', '1234 AB'],
      ['postal', ' 1234   ab ', 'NL', '1234 AB'],
      ['postal', '1000', 'BE', '1000'],
      ['postal', 'sw1a 1aa', 'GB', 'SW1A 1AA'],
      ['phone', '+31   20  123 4567', 'NL', '+31 20 123 4567'],
      ['phone', ' 020 1234567 ', 'NL', '020 1234567'],
    ])('%s %j (country %s) → %j', (field, input, country, expected) => {
      const out = companyCreateSchema.parse({ companyName: 'Acme', country, [field]: input });
      expect(out[field as 'vat' | 'postal' | 'phone']).toBe(expected);
    });
  });

  describe('cross-field checks name the field in the issue path', () => {
    it.each([
      { country: 'NL', vat: 'NL123456782B01' },
      { country: 'NL', vat: 'NL123456789B13' }, // sole-trader (mod 97) form
      { country: 'NL', vat: 'BE0417497106' }, // the id's own prefix decides
      { country: 'BE', vat: 'BE 0417 497 106' },
      { country: 'DE', vat: 'DE811128135' },
      { country: 'FR', vat: 'FR40303265045' },
      { country: 'NL', postal: '1234 AB' },
      { country: 'BE', postal: '1000' },
      { country: 'DE', postal: '10115' },
      { country: 'US', postal: '10001-1234' },
      { country: 'NL', phone: '+31 20 123 4567' },
    ])('accepts %j', (fields) => {
      expect(companyCreateSchema.safeParse({ companyName: 'Acme', ...fields }).success).toBe(true);
    });

    it.each([
      [{ country: 'NL', vat: 'NL123456783B01' }, 'vat', /Not a valid NL VAT number/],
      [{ vat: 'NL123456783B01' }, 'vat', /Not a valid NL VAT number/], // default country NL
      [{ country: 'NL', vat: 'FR40303265045' }, 'vat', /Not a valid NL VAT number/],
      [{ country: 'NL', vat: '123456782B01' }, 'vat', /Not a valid NL VAT number/],
      [{ country: 'BE', vat: 'BE0417497107' }, 'vat', /Not a valid BE VAT number/],
      [{ country: 'BE', vat: 'BE2417497106' }, 'vat', /Not a valid BE VAT number/],
      [{ country: 'DE', vat: 'DE136695977' }, 'vat', /Not a valid DE VAT number/],
      [{ country: 'GB', vat: 'GB 123/456' }, 'vat', /only contain letters and digits/],
      [{ country: 'NL', postal: '0123 AB' }, 'postal', /Not a valid NL postal code/],
      [{ country: 'NL', postal: '1234 sa' }, 'postal', /Not a valid NL postal code/],
      [{ country: 'NL', postal: '1234SD' }, 'postal', /Not a valid NL postal code/],
      [{ country: 'NL', postal: '1234 SS' }, 'postal', /Not a valid NL postal code/],
      [{ postal: '1000' }, 'postal', /Not a valid NL postal code/], // default country NL
      [{ country: 'BE', postal: '1234 AB' }, 'postal', /Not a valid BE postal code/],
      [{ country: 'DE', postal: '1011' }, 'postal', /Not a valid DE postal code/],
      [{ country: 'FR', postal: 'A'.repeat(17) }, 'postal', /at most 16 characters/],
      [{ phone: '12345' }, 'phone', /6 to 15 digits/],
      [{ phone: '+31-20-1234567' }, 'phone', /only digits and spaces/],
      [{ email: 'not-an-email' }, 'email', /valid e-mail/],
      [{ email: 'jan@acme' }, 'email', /valid e-mail/],
    ])('rejects %j at %s', (fields, path, message) => {
      const issues = issuesOf(companyCreateSchema.safeParse({ companyName: 'Acme', ...fields }));
      // Every issue is on the named field (a 17-character postal code is reported twice there:
      // by the field's max length and again by the per-country check).
      expect(issues.map(([p]) => p)).toEqual(issues.map(() => path));
      expect(issues[0]![1]).toMatch(message);
    });

    it('reports every failing field at once', () => {
      const issues = issuesOf(
        companyCreateSchema.safeParse({
          companyName: 'Acme',
          country: 'NL',
          vat: 'NL123456783B01',
          postal: '0123 AB',
          phone: '123',
        }),
      );
      expect(issues.map(([path]) => path).sort()).toEqual(['phone', 'postal', 'vat']);
    });
  });

  describe('field rules', () => {
    it.each([
      [{ companyName: '' }, 'companyName', 'Company name is required'],
      [{ companyName: '   ' }, 'companyName', 'Company name is required'],
      [{}, 'companyName', 'Company name is required'],
      [{ companyName: null }, 'companyName', 'Company name is required'],
      [{ companyName: 'x'.repeat(201) }, 'companyName', 'Company name is at most 200 characters'],
      [
        { companyName: 'A', companyType: 'SARL' },
        'companyType',
        'Company type for Netherlands must be one of BV, NV, Stichting, Coöperatie, VOF, CV, Other',
      ],
      [
        { companyName: 'A', companyType: 'bv' },
        'companyType',
        'Company type for Netherlands must be one of BV, NV, Stichting, Coöperatie, VOF, CV, Other',
      ],
      [
        { companyName: 'A', country: 'BE', companyType: 'BV' },
        'companyType',
        'Company type for Belgium must be one of BV/SRL, NV/SA, CV/SC, CommV/SComm, VOF/SNC, Stichting/Fondation, Other',
      ],
      [
        { companyName: 'A', country: 'XX' },
        'country',
        'Country must be an ISO 3166 alpha-2 code, e.g. NL',
      ],
      [
        { companyName: 'A', country: 'NLD' },
        'country',
        'Country must be an ISO 3166 alpha-2 code, e.g. NL',
      ],
      [
        { companyName: 'A', country: 'UK' },
        'country',
        'Country must be an ISO 3166 alpha-2 code, e.g. NL',
      ],
      [{ companyName: 'A', country: null }, 'country', 'Country must be an ISO 3166 alpha-2 code'],
      [{ companyName: 'A', vat: 'N'.repeat(33) }, 'vat', 'VAT number is at most 32 characters'],
      [
        { companyName: 'A', postal: '1'.repeat(17) },
        'postal',
        'Postal code is at most 16 characters',
      ],
      [
        { companyName: 'A', streetNumber: '1'.repeat(21) },
        'streetNumber',
        'Number is at most 20 characters',
      ],
      [{ companyName: 'A', city: 42 }, 'city', 'City must be text'],
    ])('%j → %s: %s', (input, path, message) => {
      expect(issuesOf(companyCreateSchema.safeParse(input))).toContainEqual([path, message]);
    });

    it('accepts the maximum lengths', () => {
      const out = companyCreateSchema.parse({
        companyName: 'x'.repeat(200),
        street: 's'.repeat(200),
        streetNumber: '1'.repeat(20),
        city: 'c'.repeat(100),
        country: 'GB',
        postal: 'P'.repeat(16),
      });
      expect(out.companyName).toHaveLength(200);
      expect(out.postal).toHaveLength(16);
    });

    it('rejects unknown keys', () => {
      const result = companyCreateSchema.safeParse({
        companyName: 'Acme',
        id: 'x',
        organizationId: 'y',
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toContainEqual(
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['id', 'organizationId'] }),
      );
    });
  });
});

describe('companyUpdateSchema', () => {
  it('accepts an empty patch and adds no defaults', () => {
    expect(companyUpdateSchema.parse({})).toEqual({});
  });

  it('keeps absent fields absent (a patch must not clear what it does not mention)', () => {
    expect(companyUpdateSchema.parse({ city: ' Utrecht ' })).toEqual({ city: 'Utrecht' });
  });

  it.each([
    [{ city: '' }, { city: null }],
    [{ vat: null }, { vat: null }],
    [{ country: ' be ' }, { country: 'BE' }],
    [{ companyType: 'GmbH' }, { companyType: 'GmbH' }],
    [{ companyName: ' New name ' }, { companyName: 'New name' }],
  ])('%j → %j', (input, expected) => {
    expect(companyUpdateSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ foo: 1 }, 'unrecognized_keys'],
    [{ id: '00000000-0000-0000-0000-000000000000' }, 'unrecognized_keys'],
    [{ createdAt: '2024-01-01T00:00:00Z' }, 'unrecognized_keys'],
    [{ companyName: '' }, 'too_small'],
    [{ companyName: null }, 'invalid_type'],
    [{ country: null }, 'invalid_type'],
    [{ country: 'XX' }, 'custom'],
    [{ companyType: 'x'.repeat(41) }, 'too_big'],
    [{ email: 'nope' }, 'custom'],
  ])('rejects %j (%s)', (input, code) => {
    const result = companyUpdateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.code)).toContain(code);
  });

  it('leaves cross-field rules to the merged create validation', () => {
    // The server merges the patch with the stored company and parses the result with
    // companyCreateSchema (service.ts, updateCompany), so the patch alone is not checked per country.
    expect(companyUpdateSchema.safeParse({ vat: 'NL123456783B01' }).success).toBe(true);
    // The legal form depends on the country too (decision 022).
    expect(companyUpdateSchema.safeParse({ companyType: 'SARL' }).success).toBe(true);
    expect(
      companyCreateSchema.safeParse({ companyName: 'Acme', country: 'BE', postal: '1234 AB' })
        .success,
    ).toBe(false);
  });
});

describe('companyListQuerySchema', () => {
  it('fills in defaults', () => {
    expect(companyListQuerySchema.parse({})).toEqual({ limit: 50, sort: 'name', order: 'asc' });
  });

  it.each([
    ['1', 1],
    ['50', 50],
    ['200', 200],
    [' 10 ', 10],
    [25, 25],
  ])('coerces limit %j → %d', (limit, expected) => {
    expect(companyListQuerySchema.parse({ limit }).limit).toBe(expected);
  });

  it.each(['0', '-1', '201', '1.5', 'abc', '', '1000000', '1e2', '0x10', 'true'])(
    'rejects limit %j',
    (limit) => {
      expect(issuesOf(companyListQuerySchema.safeParse({ limit }))).toEqual([
        ['limit', 'limit must be a whole number from 1 to 200'],
      ]);
    },
  );

  it('caps the page at COMPANY_PAGE_LIMIT_MAX', () => {
    expect(COMPANY_PAGE_LIMIT_MAX).toBe(200);
  });

  it.each([
    [
      { sort: 'createdAt', order: 'desc' },
      { sort: 'createdAt', order: 'desc' },
    ],
    [{ q: '  acme  ' }, { q: 'acme' }],
    [{ cursor: 'abc' }, { cursor: 'abc' }],
  ])('parses %j', (input, expected) => {
    expect(companyListQuerySchema.parse(input)).toMatchObject(expected);
  });

  it.each([
    [{ sort: 'vat' }, 'sort', 'sort must be name or createdAt'],
    [{ order: 'up' }, 'order', 'order must be asc or desc'],
    [{ order: 'ASC' }, 'order', 'order must be asc or desc'],
    [{ q: 'q'.repeat(201) }, 'q', 'q is at most 200 characters'],
    [{ cursor: 'c'.repeat(1001) }, 'cursor', 'cursor is not valid'],
  ])('rejects %j at %s', (input, path, message) => {
    expect(issuesOf(companyListQuerySchema.safeParse(input))).toEqual([[path, message]]);
  });

  it('accepts the bounds of q and cursor', () => {
    expect(
      companyListQuerySchema.safeParse({ q: 'q'.repeat(200), cursor: 'c'.repeat(1000) }).success,
    ).toBe(true);
  });
});
