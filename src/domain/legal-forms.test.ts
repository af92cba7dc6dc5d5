import { describe, expect, it } from 'vitest';
import { isCountryCode } from './countries';
import {
  belgianNameOf,
  DEFAULT_LEGAL_FORM,
  defaultLegalForm,
  isLegalFormOf,
  LEGAL_FORM_COUNTRIES,
  LEGAL_FORM_MAX_LENGTH,
  LEGAL_FORMS,
  LEGAL_FORMS_BY_COUNTRY,
  legalFormForCountry,
  legalFormLabel,
  legalFormsOf,
} from './legal-forms';

describe('legal forms per country (decision 022)', () => {
  it('lists the forms of domain.md ("Company") under their own country', () => {
    expect(LEGAL_FORMS_BY_COUNTRY.NL).toEqual(
      expect.arrayContaining(['BV', 'NV', 'Stichting', 'Coöperatie', 'VOF']),
    );
    expect(LEGAL_FORMS_BY_COUNTRY.BE).toEqual(
      expect.arrayContaining(['BV/SRL', 'NV/SA', 'CommV/SComm']),
    );
    expect(LEGAL_FORMS_BY_COUNTRY.DE).toEqual(expect.arrayContaining(['GmbH', 'UG', 'AG']));
    expect(LEGAL_FORMS_BY_COUNTRY.GB).toEqual(expect.arrayContaining(['Ltd', 'PLC']));
    expect(LEGAL_FORMS_BY_COUNTRY.US).toEqual(expect.arrayContaining(['Inc', 'LLC']));
    // A Belgian company is never offered the Dutch BV, nor a Dutch one the Belgian BV/SRL.
    expect(LEGAL_FORMS_BY_COUNTRY.BE).not.toContain('BV');
    expect(LEGAL_FORMS_BY_COUNTRY.NL).not.toContain('BV/SRL');
  });

  it('keys the lists by ISO country code, each without duplicates, each ending with Other', () => {
    for (const country of LEGAL_FORM_COUNTRIES) {
      const forms = LEGAL_FORMS_BY_COUNTRY[country];
      expect(isCountryCode(country)).toBe(true);
      expect(new Set(forms).size).toBe(forms.length);
      expect(forms.at(-1)).toBe('Other');
      for (const form of forms) expect(form.length).toBeLessThanOrEqual(LEGAL_FORM_MAX_LENGTH);
    }
    expect(LEGAL_FORMS.filter((f) => f === 'Other')).toHaveLength(1);
  });

  it.each([
    ['NL', 'BV'],
    ['BE', 'BV/SRL'],
    ['DE', 'GmbH'],
    ['GB', 'Ltd'],
    ['US', 'Inc'],
    ['FR', 'Other'],
    ['LU', 'Other'],
  ])('defaults a company in %s to %s', (country, form) => {
    expect(defaultLegalForm(country)).toBe(form);
  });

  it('keeps the home market default BV', () => {
    expect(DEFAULT_LEGAL_FORM).toBe('BV');
  });

  it.each([
    ['NL', 'BV', true],
    ['NL', 'BV/SRL', false],
    ['BE', 'BV/SRL', true],
    ['BE', 'BV', false],
    ['BE', 'GmbH', false],
    ['DE', 'GmbH & Co. KG', true],
    ['GB', 'Other', true],
    ['FR', 'SAS', true],
    ['FR', 'BV', true],
    ['FR', '', false],
  ] as const)('in %s accepts %s: %s', (country, form, ok) => {
    expect(isLegalFormOf(country, form)).toBe(ok);
  });

  it('has a list for the five listed countries only', () => {
    expect(legalFormsOf('NL')).toBe(LEGAL_FORMS_BY_COUNTRY.NL);
    expect(legalFormsOf('FR')).toBeNull();
    // Not fooled by the prototype.
    expect(legalFormsOf('constructor')).toBeNull();
  });

  it.each([
    ['BV', 'BV/SRL'],
    ['NV', 'NV/SA'],
    ['Coöperatie', 'CV/SC'],
    ['VOF', 'VOF/SNC'],
    ['Stichting', 'Stichting/Fondation'],
    ['GmbH', null],
    ['CV', null],
  ])('names the Dutch %s in Belgium %s', (form, belgian) => {
    expect(belgianNameOf(form)).toBe(belgian);
  });

  it.each([
    ['BV', 'BE', 'BV/SRL'],
    ['NV', 'BE', 'NV/SA'],
    ['BV', 'DE', 'GmbH'],
    ['BV/SRL', 'NL', 'BV'],
    ['Other', 'DE', 'Other'],
    ['GmbH', 'DE', 'GmbH'],
    ['BV', 'FR', ''],
    ['Other', 'FR', 'Other'],
    ['SAS', 'LU', 'SAS'],
    ['SAS', 'NL', 'BV'],
    ['', 'FR', ''],
  ])('moving %s to %s keeps %s', (form, country, next) => {
    expect(legalFormForCountry(form, country)).toBe(next);
  });

  it.each([
    ['Stichting', 'Stichting / STAK'],
    ['BV', 'BV'],
    ['BV/SRL', 'BV/SRL'],
    ['SAS', 'SAS'],
  ])('labels %s as %s', (form, label) => {
    expect(legalFormLabel(form)).toBe(label);
  });
});
