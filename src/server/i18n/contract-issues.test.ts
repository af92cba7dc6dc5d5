import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUpSchema } from '../../contracts/auth';
import { companyCreateSchema } from '../../contracts/company';
import {
  accelerationSchema,
  planCreateSchema,
  poolAdjustmentCreateSchema,
  shareClassCreateSchema,
  shareEventCreateSchema,
  stakeholderCreateSchema,
} from '../../contracts/equity';
import { isUnnamedCustom, issueMessageRef, localizeIssue } from '../../contracts/i18n/issues';
import { valuationCreateSchema } from '../../contracts/valuation';
import {
  grantCreateSchema,
  pauseSchema,
  vestingPreviewRequestSchema,
  vestingTermsSchema,
} from '../../contracts/vesting';
import { translator } from './index';

/*
 * Every rule of the contracts that words its own refusal (a refinement, a custom issue) names its
 * catalog message (`messageParams`), so a Dutch reader never gets the generic "Ongeldige waarde"
 * (issue 12). Two ways to keep it so: the source of `src/contracts` is scanned for refinements
 * without one, and each rule is exercised and its Dutch message compared.
 */

const CONTRACTS = join(__dirname, '../../contracts');

/** The text of the call whose `(` is at `open`, up to its matching `)`. */
function callAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** `file:line  call` of each `.refine(` and `addIssue(` that names no catalog message. */
function unnamedRefinements(): string[] {
  const found: string[] = [];
  const files = readdirSync(CONTRACTS, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  for (const file of files) {
    const source = readFileSync(join(CONTRACTS, file), 'utf8');
    for (const match of source.matchAll(/\.refine\(|\baddIssue\(/g)) {
      const call = callAt(source, match.index + match[0].length - 1);
      // `ctx.addIssue(issue)`: an issue built elsewhere, whose type requires its `params`.
      const passedOn = /^\(\w+\)$/.test(call);
      if (passedOn || /\bparams\b/.test(call)) continue;
      const line = source.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line}  ${call.slice(0, 80)}`);
    }
  }
  return found;
}

const nl = translator('nl');
const en = translator('en');
const GENERIC = nl('validation.invalid');

/** The issues of a parse that must fail. */
function issuesOf(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues;
}

/** The Dutch message at `path`. */
function dutchAt(schema: z.ZodType, input: unknown, path: string): string {
  const issue = issuesOf(schema, input).find((i) => i.path.map(String).join('.') === path);
  expect(issue, `an issue at ${path}`).toBeDefined();
  return localizeIssue(issue!, nl);
}

const ID1 = '00000000-0000-4000-8000-000000000001';
const ID2 = '00000000-0000-4000-8000-000000000002';
const event = { type: 'issue', date: '2024-01-01', shareClassId: ID1, shareCount: 100 };
const time = { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48 };
const grant = {
  stakeholderId: ID1,
  planId: ID2,
  quantity: 1000,
  grantDate: '2024-01-01',
  vestingStartDate: '2024-01-01',
  terms: time,
};
const milestones = (...m: object[]) => ({ type: 'milestone', milestones: m });
const half = { numerator: 1, denominator: 2 };
const whole = { numerator: 1, denominator: 1 };
const valuation = {
  effectiveDate: '2024-01-01',
  purpose: 'internal',
  method: 'dcf',
  enterpriseValue: '1000',
};

describe('custom issues of the contracts (issue 12)', () => {
  it('each refinement in src/contracts names its catalog message', () => {
    expect(unnamedRefinements()).toEqual([]);
  });

  it.each<[string, z.ZodType, unknown, string, string]>([
    // [rule, schema, input, path, Dutch]
    [
      'an issue needs a receiver',
      shareEventCreateSchema,
      event,
      'toStakeholderId',
      'Een uitgifte heeft de belanghebbende nodig die de aandelen ontvangt',
    ],
    [
      'a cancellation has no receiver',
      shareEventCreateSchema,
      { ...event, type: 'cancel', fromStakeholderId: ID1, toStakeholderId: ID2 },
      'toStakeholderId',
      'Een intrekking heeft geen ontvangende belanghebbende',
    ],
    [
      'a transfer needs a giver',
      shareEventCreateSchema,
      { ...event, type: 'transfer', toStakeholderId: ID1 },
      'fromStakeholderId',
      'Een overdracht heeft de belanghebbende nodig van wie de aandelen komen',
    ],
    [
      'an issue has no giver',
      shareEventCreateSchema,
      { ...event, toStakeholderId: ID1, fromStakeholderId: ID2 },
      'fromStakeholderId',
      'Een uitgifte heeft geen overdragende belanghebbende',
    ],
    [
      'a transfer between two stakeholders',
      shareEventCreateSchema,
      { ...event, type: 'transfer', toStakeholderId: ID1, fromStakeholderId: ID1 },
      'toStakeholderId',
      'Een overdracht vraagt twee verschillende belanghebbenden',
    ],
    [
      'both share numbers or neither',
      shareEventCreateSchema,
      { ...event, toStakeholderId: ID1, firstShareNumber: 1 },
      'lastShareNumber',
      'Vul zowel het eerste als het laatste aandeelnummer in, of geen van beide',
    ],
    [
      'share numbers in order',
      shareEventCreateSchema,
      { ...event, toStakeholderId: ID1, firstShareNumber: 10, lastShareNumber: 5 },
      'lastShareNumber',
      'Het laatste aandeelnummer mag niet lager zijn dan het eerste',
    ],
    [
      'share numbers that match the count',
      shareEventCreateSchema,
      { ...event, toStakeholderId: ID1, firstShareNumber: 1001, lastShareNumber: 2000 },
      'lastShareNumber',
      'Aandeelnummers 1001 t/m 2000 zijn 1.000 aandelen, niet 100',
    ],
    [
      'a price per share',
      shareEventCreateSchema,
      { ...event, toStakeholderId: ID1, pricePerShare: '-1' },
      'pricePerShare',
      'Moet een niet-negatief decimaal getal zijn met hoogstens 10 decimalen, bijv. "0.01"',
    ],
    [
      'a participation cap',
      shareClassCreateSchema,
      { name: 'A', nominalValue: '0.01', participationCapMultiple: '2' },
      'participationCapMultiple',
      'Een participatieplafond kan alleen bij een participerende aandelensoort',
    ],
    [
      'a stakeholder’s phone',
      stakeholderCreateSchema,
      { name: 'A', relationship: 'employee', status: 'active', phone: 'call me' },
      'phone',
      'Vul een telefoonnummer in van cijfers en spaties, eventueel met een + vooraan',
    ],
    [
      'a stakeholder’s country',
      stakeholderCreateSchema,
      { name: 'A', relationship: 'employee', status: 'active', country: 'XX' },
      'country',
      'Moet een ISO 3166-landcode van twee letters zijn, bijv. NL',
    ],
    [
      'an acceleration’s percentage',
      accelerationSchema,
      { trigger: 'single' },
      'percent',
      'Vul het percentage van het niet-gevestigde deel in dat versneld vest',
    ],
    [
      'a double trigger’s window',
      accelerationSchema,
      { trigger: 'double', percent: 100 },
      'windowMonths',
      'Een double trigger heeft een termijn in maanden nodig',
    ],
    [
      'a single trigger has no window',
      accelerationSchema,
      { trigger: 'single', percent: 100, windowMonths: 12 },
      'windowMonths',
      'Alleen een double trigger heeft een termijn',
    ],
    [
      'no acceleration has no percentage',
      accelerationSchema,
      { trigger: 'none', percent: 50 },
      'percent',
      'Zonder versnelling is er geen percentage',
    ],
    [
      'a share plan’s class',
      planCreateSchema,
      { name: 'P', planType: 'stock_options', poolSize: 100 },
      'shareClassId',
      'Een plan dat aandelen uitgeeft, heeft een aandelensoort nodig',
    ],
    [
      'a receipt plan’s STAK',
      planCreateSchema,
      { name: 'P', planType: 'receipt_options', poolSize: 100, shareClassId: ID1 },
      'stakStakeholderId',
      'Opties op certificaten van aandelen hebben de STAK nodig die de certificaten uitgeeft',
    ],
    [
      'only a receipt plan has a STAK',
      planCreateSchema,
      {
        name: 'P',
        planType: 'stock_options',
        poolSize: 100,
        shareClassId: ID1,
        stakStakeholderId: ID2,
      },
      'stakStakeholderId',
      'Alleen een plan met opties op certificaten van aandelen heeft een STAK',
    ],
    [
      'a pool adjustment of 0',
      poolAdjustmentCreateSchema,
      { date: '2024-01-01', shareCount: 0 },
      'shareCount',
      'Het aantal aandelen mag niet 0 zijn (positief vult de pool aan, negatief geeft vrij)',
    ],
    [
      'a portion past the whole',
      vestingTermsSchema,
      {
        type: 'combined',
        parts: [
          { portion: { numerator: 3, denominator: 2 }, terms: time },
          { portion: half, terms: time },
        ],
      },
      'parts.0.portion.numerator',
      'Een deel is hoogstens het geheel (teller ≤ noemer)',
    ],
    [
      'a cliff past the schedule',
      vestingTermsSchema,
      { ...time, cliffPeriods: 49 },
      'cliffPeriods',
      'De cliff kan niet langer zijn dan het schema: hoogstens het aantal termijnen',
    ],
    [
      'a period too long',
      vestingTermsSchema,
      { ...time, periodLength: 121 },
      'periodLength',
      'Een periode is hoogstens 120 maanden (of 3.660 dagen)',
    ],
    [
      'a schedule past the year 9999',
      vestingTermsSchema,
      { ...time, periodLength: 3660, periodUnit: 'days', occurrences: 10000 },
      'occurrences',
      'Het schema past niet in de jaren 0001–9999: kies minder of kortere periodes',
    ],
    [
      'a milestone with a portion and a quantity',
      vestingTermsSchema,
      milestones({ id: 'a', name: 'A', portion: half, quantity: 5 }),
      'milestones.0.portion',
      'Geef een mijlpaal een deel of een aantal, niet beide',
    ],
    [
      'milestone ids twice',
      vestingTermsSchema,
      milestones({ id: 'a', name: 'A', portion: half }, { id: 'a', name: 'B', portion: half }),
      'milestones.1.id',
      'Elke mijlpaal moet een eigen id hebben',
    ],
    [
      'milestone portions past the whole',
      vestingTermsSchema,
      milestones({ id: 'a', name: 'A', portion: half }, { id: 'b', name: 'B', portion: whole }),
      'milestones.1.portion',
      'De delen van de mijlpalen zijn samen meer dan het geheel',
    ],
    [
      'a fixed quantity on top of the whole',
      vestingTermsSchema,
      milestones({ id: 'a', name: 'A', portion: whole }, { id: 'b', name: 'B', quantity: 5 }),
      'milestones.1.quantity',
      'De delen vesten al het geheel: een vast aantal aandelen daarbovenop zou meer vesten dan dat',
    ],
    [
      'parts that do not make the whole',
      vestingTermsSchema,
      {
        type: 'combined',
        parts: [
          { portion: half, terms: time },
          { portion: { numerator: 1, denominator: 3 }, terms: time },
        ],
      },
      'parts',
      'De delen moeten samen precies het geheel zijn',
    ],
    [
      'too many installments in all parts',
      vestingTermsSchema,
      {
        type: 'combined',
        parts: [
          { portion: half, terms: { ...time, periodUnit: 'days', occurrences: 6000 } },
          { portion: half, terms: { ...time, periodUnit: 'days', occurrences: 6000 } },
        ],
      },
      'parts.1.terms.occurrences',
      'Alle delen samen hebben hoogstens 10.000 termijnen',
    ],
    [
      'milestone ids twice across parts',
      vestingTermsSchema,
      {
        type: 'combined',
        parts: [
          { portion: half, terms: milestones({ id: 'a', name: 'A', portion: whole }) },
          { portion: half, terms: milestones({ id: 'a', name: 'B', portion: whole }) },
        ],
      },
      'parts.1.terms.milestones.0.id',
      'Elke mijlpaal moet over alle delen heen een eigen id hebben',
    ],
    [
      'milestones past the grant’s quantity',
      vestingPreviewRequestSchema,
      { ...grant, terms: milestones({ id: 'a', name: 'A', quantity: 2000 }) },
      'terms.milestones.0.quantity',
      'De mijlpalen zijn samen meer dan de 1.000 aandelen van de toekenning',
    ],
    [
      'the last installment past 9999-12-31',
      vestingPreviewRequestSchema,
      { ...grant, vestingStartDate: '9999-01-01' },
      'terms.occurrences',
      'De laatste termijn zou na 9999-12-31 vallen (op 10003-01-01): kies minder of kortere periodes, of een eerdere start',
    ],
    [
      'an expiry before the grant',
      grantCreateSchema,
      { ...grant, expiryDate: '2023-01-01' },
      'expiryDate',
      'De vervaldatum moet na de toekenningsdatum liggen',
    ],
    [
      'an offer after the grant',
      grantCreateSchema,
      { ...grant, offerDate: '2024-02-01' },
      'offerDate',
      'De datum van het aanbod kan niet na de toekenningsdatum liggen',
    ],
    [
      'an acceptance before the offer',
      grantCreateSchema,
      { ...grant, offerDate: '2023-12-01', acceptanceDate: '2023-11-01' },
      'acceptanceDate',
      'De datum van aanvaarding kan niet vóór de datum van het aanbod liggen',
    ],
    [
      'a tax election date without the election',
      grantCreateSchema,
      { ...grant, taxElectionDate: '2024-01-01' },
      'taxElectionDate',
      'Een datum van de fiscale keuze hoort bij de keuze om bij uitoefening belast te worden',
    ],
    [
      'the election without its date',
      grantCreateSchema,
      { ...grant, taxAtExercise: true },
      'taxElectionDate',
      'Vul de datum in van de schriftelijke keuze om bij uitoefening belast te worden',
    ],
    [
      'an exercise price',
      grantCreateSchema,
      { ...grant, exercisePrice: '-1' },
      'exercisePrice',
      'Moet een niet-negatief decimaal getal zijn met hoogstens 10 decimalen, bijv. "0.10"',
    ],
    [
      'a pause that ends before it starts',
      pauseSchema,
      { start: '2024-02-01', end: '2024-01-01' },
      'end',
      'Het einde moet na het begin liggen',
    ],
    [
      'a negative amount',
      valuationCreateSchema,
      { ...valuation, enterpriseValue: '-5' },
      'enterpriseValue',
      'Mag niet negatief zijn',
    ],
    [
      'an amount that is no decimal',
      valuationCreateSchema,
      { ...valuation, enterpriseValue: 'abc' },
      'enterpriseValue',
      'Moet een niet-negatief decimaal getal zijn met hoogstens 10 decimalen, bijv. "1000.00"',
    ],
    [
      'a valuation currency',
      valuationCreateSchema,
      { ...valuation, currency: 'XYZ' },
      'currency',
      'Moet een ISO 4217-valutacode van drie letters zijn, bijv. EUR',
    ],
    [
      'a discount past 100%',
      valuationCreateSchema,
      { ...valuation, dlomPercent: '101' },
      'dlomPercent',
      'Moet tussen 0 en 100 liggen',
    ],
    [
      'a material event before the valuation',
      valuationCreateSchema,
      { ...valuation, materialEventDate: '2023-01-01' },
      'materialEventDate',
      'De datum van de wezenlijke gebeurtenis kan niet vóór de waarderingsdatum liggen',
    ],
    [
      'a company’s country',
      companyCreateSchema,
      { companyName: 'A', country: 'XX' },
      'country',
      'Moet een ISO 3166-landcode van twee letters zijn, bijv. NL',
    ],
    [
      'a legal form of another country',
      companyCreateSchema,
      { companyName: 'A', country: 'NL', companyType: 'SARL' },
      'companyType',
      expect.stringMatching(/^De rechtsvorm voor NL moet een van deze zijn: .*BV/),
    ],
    [
      'a VAT number with other characters',
      companyCreateSchema,
      { companyName: 'A', vat: 'NL#1' },
      'vat',
      'Een btw-nummer bevat alleen letters en cijfers (hoogstens 20)',
    ],
    [
      'a VAT number without its check digit',
      companyCreateSchema,
      { companyName: 'A', vat: 'NL123456789B02' },
      'vat',
      'Geen geldig Nederlands btw-nummer (NL + 9 cijfers + B + 2 cijfers, bijv. NL123456782B01, met een geldig controlecijfer)',
    ],
    [
      'a postal code of another country',
      companyCreateSchema,
      { companyName: 'A', postal: 'ABC' },
      'postal',
      'Geen geldige Nederlandse postcode (verwacht: 1234 AB)',
    ],
    [
      'a phone number of letters',
      companyCreateSchema,
      { companyName: 'A', phone: 'call me' },
      'phone',
      'Vul een telefoonnummer in van cijfers en spaties, eventueel met een + vooraan',
    ],
    [
      'a phone number too short',
      companyCreateSchema,
      { companyName: 'A', phone: '123' },
      'phone',
      'Een telefoonnummer heeft 6 tot 15 cijfers',
    ],
    [
      'a KvK number',
      companyCreateSchema,
      { companyName: 'A', registrationNumber: '123' },
      'registrationNumber',
      'Een KvK-nummer bestaat uit precies 8 cijfers',
    ],
    [
      'a password with a NUL',
      signUpSchema,
      { name: 'A', email: 'a@example.com', password: 'abcdefgh\u0000' },
      'password',
      'Het wachtwoord bevat een ongeldig teken',
    ],
  ])('%s reads in Dutch', (_, schema, input, path, dutch) => {
    const message = dutchAt(schema, input, path);
    expect(message).not.toBe(GENERIC);
    expect(message).toEqual(dutch);
  });

  it('keeps the contract’s English wording, and its catalog message says the same', () => {
    const [issue] = issuesOf(accelerationSchema, { trigger: 'double', percent: 100 });
    expect(isUnnamedCustom(issue!)).toBe(false);
    expect(issue!.message).toBe('A double trigger needs its window in months');
    const { key, values } = issueMessageRef(issue!);
    expect(en(key, values)).toBe(issue!.message);
  });
});
