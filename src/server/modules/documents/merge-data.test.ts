import { describe, expect, it } from 'vitest';
import type { Company } from '../../../contracts/company';
import { DOCUMENT_FIELDS, fieldPaths, type FieldTree } from '../../../contracts/documents';
import type { CapTableResponse, Plan, ShareEvent, Stakeholder } from '../../../contracts/equity';
import type { Valuation } from '../../../contracts/valuation';
import type { GrantDetail } from '../../../contracts/vesting';
import { computeVesting } from '../../../domain/vesting';
import type { VestingTerms } from '../../../domain/vesting/types';
import { translator } from '../../i18n';
import {
  boardResolutionData,
  capTableReportData,
  exerciseNoticeData,
  grantLetterData,
  legalFormName,
  percentOf,
  registerExtractData,
  type DocumentContext,
} from './merge-data';

// The merge data of every kind (issue 14): exact figures in both languages, the schedule equal
// to the vesting engine's installments, the register extract equal to the register.

const T0 = '2026-01-01T00:00:00.000Z';
const company: Company = {
  id: '00000000-0000-4000-8000-000000000001',
  organizationId: 'org',
  companyName: 'Acme B.V.',
  vat: 'NL123456789B01',
  companyType: 'BV',
  street: 'Keizersgracht',
  streetNumber: '1',
  city: 'Amsterdam',
  postal: '1015 AA',
  country: 'NL',
  contactName: 'Carla Contact',
  email: null,
  phone: null,
  registrationNumber: '12345678',
  incorporationDate: null,
  status: 'active',
  responsibleUserId: null,
  responsibleUserName: null,
  notes: null,
  createdAt: T0,
  updatedAt: T0,
} as Company;

function ctx(language: 'nl' | 'en', over: Partial<DocumentContext> = {}): DocumentContext {
  return {
    language,
    t: translator(language),
    today: '2026-11-25',
    firmName: 'Advocatenkantoor Jansen',
    preparedBy: { name: 'Ann Advocaat', email: 'ann@example.com' },
    company,
    signatories: [{ name: 'Bert Bestuurder', role: 'board_member' }],
    ...over,
  };
}

const holder: Stakeholder = {
  id: '00000000-0000-4000-8000-000000000010',
  companyId: company.id,
  kind: 'individual',
  name: 'Zoë Müller',
  relationship: 'employee',
  status: 'active',
  email: 'zoe@example.com',
  phone: null,
  street: 'Dorpsstraat 2',
  postal: '3511 AB',
  city: 'Utrecht',
  country: 'NL',
  taxCountry: 'NL',
  employeeId: 'E-7',
  language: null,
  notes: null,
  createdAt: T0,
  updatedAt: T0,
};

const plan = {
  id: '00000000-0000-4000-8000-000000000020',
  name: 'ESOP 2024',
  planType: 'stock_options',
  boardApprovalDate: '2024-01-01',
  poolReserved: 100_000,
  exerciseWindowMonths: 3,
} as Plan;

const terms: VestingTerms = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
  dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
  allocation: 'CUMULATIVE_ROUNDING',
};

function grantOf(over: Partial<GrantDetail> = {}): GrantDetail {
  const quantity = over.quantity ?? 4800;
  const installments = computeVesting({
    quantity,
    vestingStartDate: '2024-01-01',
    terms,
    asOf: '9999-12-31',
  }).installments;
  return {
    id: 'abcdef12-0000-4000-8000-000000000030',
    companyId: company.id,
    stakeholderId: holder.id,
    stakeholderName: holder.name,
    planId: plan.id,
    planName: plan.name,
    quantity,
    exercisePrice: '0.10',
    currency: 'EUR',
    grantDate: '2024-01-01',
    vestingStartDate: '2024-01-01',
    templateId: null,
    terms: terms as GrantDetail['terms'],
    expiryDate: '2034-01-01',
    offerDate: '2023-12-15',
    acceptanceDate: null,
    acceptanceDeadline: null,
    taxAtExercise: false,
    taxElectionDate: null,
    status: 'active',
    termination: null,
    cancelledDate: null,
    pauses: [],
    notes: null,
    schedule: {} as GrantDetail['schedule'],
    createdAt: T0,
    updatedAt: T0,
    installments,
    forfeitures: [],
    exercises: [],
    ...over,
  };
}

const valuation = {
  effectiveDate: '2023-12-31',
  method: 'opm',
  provider: 'Valuers & Co',
  fmvPerShare: '0.250000',
  currency: 'EUR',
  validUntil: '2024-12-30',
} as Valuation;

/** The keys of a value as a field tree's paths, to compare with the contract's. */
function shapeOf(value: unknown): FieldTree {
  const tree: FieldTree = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v)) tree[key] = [v.length > 0 ? shapeOf(v[0]) : {}];
    else if (v !== null && typeof v === 'object') tree[key] = shapeOf(v);
    else tree[key] = true;
  }
  return tree;
}

describe('grant letter', () => {
  it('has exactly the fields the contract documents', () => {
    const data = grantLetterData(ctx('en'), {
      grant: grantOf(),
      stakeholder: holder,
      plan,
      valuation,
    });
    expect(fieldPaths(shapeOf(data)).sort()).toEqual(
      fieldPaths(DOCUMENT_FIELDS.grant_letter).sort(),
    );
  });

  it('gives the figures in English', () => {
    const data = grantLetterData(ctx('en'), {
      grant: grantOf(),
      stakeholder: holder,
      plan,
      valuation,
    });
    expect(data.grant).toMatchObject({
      number: 'ABCDEF12',
      quantity: '4,800',
      exercisePrice: '0.10',
      totalExercisePrice: '480.00',
      grantDate: '1 January 2024',
      expiryDate: '1 January 2034',
      vesting: '4 years monthly, 1-year cliff',
    });
    expect(data.company).toMatchObject({
      name: 'Acme B.V.',
      legalForm: 'private limited company (BV)',
      street: 'Keizersgracht 1',
      address: 'Keizersgracht 1, 1015 AA Amsterdam, Netherlands',
    });
    expect(data.stakeholder.address).toBe('Dorpsstraat 2, 3511 AB Utrecht, Netherlands');
    expect(data.plan).toMatchObject({ type: 'Stock options', poolSize: '100,000' });
    expect(data.plan.exerciseWindow).toBe('3 months');
    expect(data.hasValuation).toBe(true);
    expect(data.valuation.valuePerShare).toBe('0.25');
    expect(data.isBelgian).toBe(false);
    expect(data.signatories).toEqual([{ name: 'Bert Bestuurder', role: 'Board member' }]);
    expect(data.today).toBe('25 November 2026');
  });

  it('gives the figures in Dutch', () => {
    const data = grantLetterData(ctx('nl'), {
      grant: grantOf(),
      stakeholder: holder,
      plan,
      valuation,
    });
    expect(data.grant.quantity).toBe('4.800');
    expect(data.grant.totalExercisePrice).toBe('480,00');
    expect(data.grant.grantDate).toBe('1 januari 2024');
    expect(data.stakeholder.country).toBe('Nederland');
    expect(data.schedule[0]).toEqual({
      date: '1 januari 2025',
      quantity: '1.200',
      cumulative: '1.200',
      percent: '25%',
      kind: 'Cliff',
    });
    expect(data.signatories[0]!.role).toBe('Bestuurder');
    expect(data.company.legalForm).toBe('besloten vennootschap met beperkte aansprakelijkheid');
  });

  it('lists the vesting engine’s installments, each with its cumulative share', () => {
    const grant = grantOf({ quantity: 1000 });
    const data = grantLetterData(ctx('en'), { grant, stakeholder: holder, plan, valuation: null });
    expect(data.schedule).toHaveLength(grant.installments.length);
    expect(data.schedule.map((r) => Number(r.quantity.replace(/,/g, '')))).toEqual(
      grant.installments.map((i) => i.quantity),
    );
    expect(data.schedule.map((r) => Number(r.cumulative.replace(/,/g, '')))).toEqual(
      grant.installments.map((i) => i.cumulative),
    );
    expect(data.schedule.at(-1)).toMatchObject({ cumulative: '1,000', percent: '100%' });
    expect(data.hasValuation).toBe(false);
    expect(data.valuation.valuePerShare).toBe('');
  });

  it('flags a Belgian company (its 60-day acceptance clause)', () => {
    const be = ctx('nl', { company: { ...company, country: 'BE' } as Company });
    const data = grantLetterData(be, {
      grant: grantOf({ acceptanceDeadline: '2024-02-13' }),
      stakeholder: holder,
      plan,
      valuation,
    });
    expect(data.isBelgian).toBe(true);
    expect(data.grant.acceptanceDeadline).toBe('13 februari 2024');
  });
});

describe('board resolution, exercise notice', () => {
  it('lists the grants with their total', () => {
    const grants = [
      grantOf(),
      grantOf({ id: 'b'.repeat(8) + '-0000-4000-8000-000000000031', quantity: 1200 }),
    ];
    const data = boardResolutionData(ctx('en'), grants);
    expect(fieldPaths(shapeOf(data)).sort()).toEqual(
      fieldPaths(DOCUMENT_FIELDS.board_resolution).sort(),
    );
    expect(data.grantCount).toBe('2');
    expect(data.totalQuantity).toBe('6,000');
    expect(data.grants[1]).toMatchObject({ stakeholder: 'Zoë Müller', quantity: '1,200' });
  });

  it('gives an exercise’s price and what remains after it', () => {
    const id1 = '00000000-0000-4000-8000-000000000041';
    const id2 = '00000000-0000-4000-8000-000000000042';
    const grant = grantOf({
      exercises: [
        {
          id: id1,
          date: '2025-06-01',
          quantity: 1000,
          shareEventId: null,
          receiptId: null,
          createdAt: T0,
          settlement: null,
        },
        {
          id: id2,
          date: '2026-01-10',
          quantity: 500,
          shareEventId: null,
          receiptId: null,
          createdAt: T0,
          settlement: null,
        },
      ],
    });
    const data = exerciseNoticeData(ctx('en'), {
      grant,
      stakeholder: holder,
      plan,
      exerciseId: id2,
    });
    expect(fieldPaths(shapeOf(data)).sort()).toEqual(
      fieldPaths(DOCUMENT_FIELDS.exercise_notice).sort(),
    );
    expect(data.exercise).toMatchObject({
      date: '10 January 2026',
      quantity: '500',
      pricePerShare: '0.10',
      totalPrice: '50.00',
      remaining: '3,300',
    });
    expect(data.isCashSettled).toBe(false);
  });
});

describe('register extract', () => {
  const classes = [{ id: 'c1', name: 'Gewone aandelen' }];
  const investor = { ...holder, id: '00000000-0000-4000-8000-000000000011', name: 'Investor B.V.' };
  const event = (over: Partial<ShareEvent>): ShareEvent => ({
    id: `e${Math.random()}`,
    companyId: company.id,
    type: 'issue',
    date: '2024-01-01',
    shareClassId: 'c1',
    shareCount: 1000,
    toStakeholderId: holder.id,
    fromStakeholderId: null,
    firstShareNumber: 1,
    lastShareNumber: 1000,
    pricePerShare: '0.01',
    currency: 'EUR',
    deedDate: '2024-01-01',
    notary: 'Mr. Notaris',
    notes: null,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  });
  const events = [
    event({}),
    event({
      type: 'transfer',
      date: '2025-03-01',
      shareCount: 100,
      fromStakeholderId: holder.id,
      toStakeholderId: investor.id,
      firstShareNumber: 901,
      lastShareNumber: 1000,
      pricePerShare: '2.50',
    }),
    event({
      date: '2025-04-01',
      shareCount: 50,
      toStakeholderId: investor.id,
      firstShareNumber: null,
      lastShareNumber: null,
    }),
  ];

  it('lists every event to the date and the holdings the register gives', () => {
    const data = registerExtractData(ctx('en'), {
      asOf: '2025-12-31',
      events,
      classes,
      holders: [holder, investor],
    });
    expect(fieldPaths(shapeOf(data)).sort()).toEqual(
      fieldPaths(DOCUMENT_FIELDS.register_extract).sort(),
    );
    expect(data.lines).toHaveLength(3);
    expect(data.lines[1]).toMatchObject({
      type: 'Transfer',
      from: 'Zoë Müller',
      to: 'Investor B.V.',
      quantity: '100',
      shareNumbers: '901–1,000',
      pricePerShare: '€2.50',
    });
    expect(data.holdings).toEqual([
      {
        holder: 'Investor B.V.',
        address: 'Dorpsstraat 2, 3511 AB Utrecht, Netherlands',
        shareClass: 'Gewone aandelen',
        shares: '150',
        shareNumbers: '901–1,000, 50 shares without numbers',
      },
      {
        holder: 'Zoë Müller',
        address: 'Dorpsstraat 2, 3511 AB Utrecht, Netherlands',
        shareClass: 'Gewone aandelen',
        shares: '900',
        shareNumbers: '1–900',
      },
    ]);
    expect(data.totalShares).toBe('1,050');
  });

  it('leaves out what happened after the as-of date', () => {
    const data = registerExtractData(ctx('nl'), {
      asOf: '2025-02-28',
      events,
      classes,
      holders: [holder, investor],
    });
    expect(data.lines).toHaveLength(1);
    expect(data.holdings).toHaveLength(1);
    expect(data.holdings[0]).toMatchObject({ shares: '1.000', shareNumbers: '1–1.000' });
    expect(data.asOf).toBe('28 februari 2025');
  });
});

describe('cap-table report', () => {
  it('gives the cap table’s rows, pools and totals', () => {
    const capTable = {
      asOf: '2026-01-01',
      shareClasses: [],
      rows: [
        {
          stakeholderId: holder.id,
          name: 'Zoë Müller',
          group: 'founders',
          shares: { c1: 900, c2: 100 },
          awardsVested: 10,
          awardsUnvested: 30,
          heldForPlans: 0,
          fullyDiluted: 1040,
          fullyDilutedPercent: '52.0000',
        },
      ],
      pools: [
        {
          planId: plan.id,
          name: 'ESOP 2024',
          reserved: 1000,
          granted: 40,
          available: 960,
          cashSettled: false,
          fullyDilutedPercent: '48.0000',
        },
      ],
      groups: [],
      totals: { shares: 1000, sharesByClass: {}, fullyDiluted: 2000 },
    } as CapTableResponse;
    const data = capTableReportData(ctx('nl'), { capTable, valuation });
    expect(fieldPaths(shapeOf(data)).sort()).toEqual(
      fieldPaths(DOCUMENT_FIELDS.cap_table_report).sort(),
    );
    expect(data.rows[0]).toEqual({
      holder: 'Zoë Müller',
      group: 'Oprichters',
      shares: '1.000',
      awards: '40',
      fullyDiluted: '1.040',
      percent: '52%',
    });
    expect(data.pools[0]).toMatchObject({ available: '960', percent: '48%' });
    expect(data.totals).toEqual({ shares: '1.000', fullyDiluted: '2.000' });
  });

  it('computes percentages exactly, half up', () => {
    expect(percentOf(1, 3)).toBe('33.3333');
    expect(percentOf(2, 3)).toBe('66.6667');
    expect(percentOf(0, 0)).toBe('0.0000');
    expect(percentOf(4800, 4800)).toBe('100.0000');
  });
});

describe('legal form', () => {
  it('spells out Dutch and Belgian forms, keeps others as stored, leaves "Other" out', () => {
    expect(legalFormName(translator('nl'), 'BV/SRL')).toBe('besloten vennootschap');
    expect(legalFormName(translator('en'), 'NV')).toBe('public limited company (NV)');
    expect(legalFormName(translator('nl'), 'GmbH')).toBe('GmbH');
    expect(legalFormName(translator('en'), 'Other')).toBe('');
  });
});
