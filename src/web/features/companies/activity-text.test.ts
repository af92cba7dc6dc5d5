import { afterEach, describe, expect, it } from 'vitest';
import { loaders } from 'virtual:catalogs';
import type { AuditEvent } from '../../../contracts/audit';
import { i18n } from '../../lib/i18n';
import { fieldLabel, sentence, valueText } from './activity-text';
import { legalFormName, registrationLabel } from './fields';

async function use(language: string) {
  const { default: messages } = await loaders[language]!();
  i18n.load(language, messages as Parameters<typeof i18n.load>[1]);
  i18n.activate(language);
}

function event(overrides: Partial<AuditEvent>): AuditEvent {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    action: 'create',
    entityType: 'company',
    entityId: 'x',
    actor: { id: 'u', name: 'Eva' },
    changes: null,
    createdAt: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

const members = new Map([['u1', 'Lena Lawyer']]);

describe('the activity log in the app’s language', () => {
  afterEach(() => use('en'));

  it('says what happened to the company and to what is in it', async () => {
    const added = event({
      entityType: 'stakeholder',
      changes: { name: { from: null, to: 'Anna' } },
    });
    const trashedPlan = event({
      entityType: 'plan',
      action: 'trash',
      changes: { name: { from: 'ESOP 2024', to: null } },
    });
    const exercise = event({ entityType: 'grant_exercise' });
    const updated = event({ action: 'update' });
    expect(sentence(event({}), [])).toBe('created the company');
    expect(sentence(added, [])).toBe('added stakeholder “Anna”');
    expect(sentence(trashedPlan, [])).toBe('moved plan “ESOP 2024” to the trash');
    expect(sentence(exercise, [])).toBe('added an exercise');
    expect(sentence(updated, ['City', 'Status'])).toBe('updated City and Status');
    expect(sentence(event({ entityType: 'milestone_thing' }), [])).toBe('added a milestone thing');

    await use('nl');
    expect(sentence(event({}), [])).toBe('heeft het bedrijf aangemaakt');
    expect(sentence(added, [])).toBe('heeft belanghebbende “Anna” toegevoegd');
    expect(sentence(trashedPlan, [])).toBe('heeft plan “ESOP 2024” naar de prullenbak verplaatst');
    expect(sentence(exercise, [])).toBe('heeft een uitoefening toegevoegd');
    expect(sentence(updated, ['Plaats', 'Status'])).toBe('heeft Plaats en Status gewijzigd');
    expect(
      sentence(event({ entityType: 'grant', action: 'update' }), ['Aantal', 'Uitoefenprijs']),
    ).toBe('heeft een toekenning gewijzigd: Aantal en Uitoefenprijs');
  });

  it('names the fields of every kind of record', async () => {
    expect(fieldLabel('company', 'postal')).toBe('Postal code');
    expect(fieldLabel('stakeholder', 'taxCountry')).toBe('Tax residence');
    expect(fieldLabel('grant', 'exercisePrice')).toBe('Exercise price');
    expect(fieldLabel('grant', 'milestone Series A')).toBe('Milestone Series A');
    expect(fieldLabel('grant', 'leave of absence')).toBe('Leave of absence');
    expect(fieldLabel('plan', 'someNewField')).toBe('Some new field');
    await use('nl');
    expect(fieldLabel('company', 'postal')).toBe('Postcode');
    expect(fieldLabel('stakeholder', 'taxCountry')).toBe('Fiscale woonplaats');
    expect(fieldLabel('grant', 'exercisePrice')).toBe('Uitoefenprijs');
    expect(fieldLabel('grant', 'milestone Series A')).toBe('Mijlpaal Series A');
    expect(fieldLabel('valuation', 'effectiveDate')).toBe('Waarderingsdatum');
  });

  it('shows stored values as people read them', async () => {
    expect(valueText('company', 'country', 'BE', members)).toBe('Belgium (BE)');
    expect(valueText('company', 'status', 'prospect', members)).toBe('Prospect');
    expect(valueText('company', 'companyType', 'Other', members)).toBe('Other');
    expect(valueText('stakeholder', 'relationship', 'board_member', members)).toBe('Board member');
    expect(valueText('company', 'responsibleUserId', 'u1', members)).toBe('Lena Lawyer');
    expect(valueText('company', 'responsibleUserId', 'gone', members)).toBe('a former member');
    expect(valueText('company', 'incorporationDate', '2020-02-03', members)).toBe('3 Feb 2020');
    expect(valueText('share_class', 'participating', true, members)).toBe('yes');
    expect(valueText('grant', 'quantity', 12500, members)).toBe('12,500');
    await use('nl');
    expect(valueText('company', 'country', 'BE', members)).toBe('België (BE)');
    expect(valueText('company', 'status', 'archived', members)).toBe('Gearchiveerd');
    expect(valueText('company', 'companyType', 'Other', members)).toBe('Overig');
    expect(valueText('company', 'companyType', 'BV', members)).toBe('BV');
    expect(valueText('stakeholder', 'status', 'leave_of_absence', members)).toBe('Met verlof');
    expect(valueText('stakeholder', 'kind', 'institution', members)).toBe('Rechtspersoon');
    expect(valueText('company', 'incorporationDate', '2020-02-03', members)).toBe('3 feb 2020');
    expect(valueText('share_class', 'participating', false, members)).toBe('nee');
    expect(valueText('grant', 'quantity', 12500, members)).toBe('12.500');
    expect(valueText('company', 'registrationNumber', '12345678', members)).toBe('12345678');
  });
});

describe('company words that follow the country and the language', () => {
  afterEach(() => use('en'));

  it('names the register number as the country does', async () => {
    expect(registrationLabel('NL')).toBe('KvK number');
    expect(registrationLabel('BE')).toBe('Enterprise number');
    expect(registrationLabel('FR')).toBe('Registration number');
    await use('nl');
    expect(registrationLabel('NL')).toBe('KvK-nummer');
    expect(registrationLabel('BE')).toBe('Ondernemingsnummer');
    expect(registrationLabel('DE')).toBe('Registernummer');
  });

  it('keeps the legal forms’ own names and translates "Other"', async () => {
    expect(legalFormName('Stichting')).toBe('Stichting / STAK');
    expect(legalFormName('Other')).toBe('Other');
    await use('nl');
    expect(legalFormName('GmbH')).toBe('GmbH');
    expect(legalFormName('Other')).toBe('Overig');
  });
});
