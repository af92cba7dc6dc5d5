import { describe, expect, it } from 'vitest';
import { isCountryCode } from './countries';
import { DEFAULT_LEGAL_FORM, LEGAL_FORM_GROUPS, LEGAL_FORMS, legalFormLabel } from './legal-forms';

describe('legal forms', () => {
  it('lists the forms of domain.md ("Company"), in group order', () => {
    expect(LEGAL_FORMS).toEqual([
      'BV',
      'NV',
      'Stichting',
      'Coöperatie',
      'VOF',
      'BV/SRL',
      'NV/SA',
      'GmbH',
      'UG',
      'AG',
      'Ltd',
      'Inc',
      'LLC',
      'Other',
    ]);
    expect(LEGAL_FORM_GROUPS.flatMap((g) => g.forms)).toEqual(LEGAL_FORMS);
  });

  it('has no duplicate values', () => {
    expect(new Set(LEGAL_FORMS).size).toBe(LEGAL_FORMS.length);
  });

  it('groups by ISO country, with Other last and without a country', () => {
    for (const group of LEGAL_FORM_GROUPS.slice(0, -1)) {
      expect(group.country !== null && isCountryCode(group.country)).toBe(true);
    }
    expect(LEGAL_FORM_GROUPS.at(-1)).toEqual({ country: null, label: 'Other', forms: ['Other'] });
  });

  it('defaults to BV (home market)', () => {
    expect(DEFAULT_LEGAL_FORM).toBe('BV');
    expect(LEGAL_FORMS).toContain(DEFAULT_LEGAL_FORM);
  });

  it.each([
    ['Stichting', 'Stichting / STAK'],
    ['BV', 'BV'],
    ['Coöperatie', 'Coöperatie'],
    ['BV/SRL', 'BV/SRL'],
    ['Other', 'Other'],
  ] as const)('labels %s as %s', (form, label) => {
    expect(legalFormLabel(form)).toBe(label);
  });
});
