import { expect, type APIRequestContext } from '@playwright/test';
import { firmDate } from './clock';

/**
 * A client company as a Dutch firm really has them, created through the API: long names, big
 * share counts, six-decimal prices, a long notary, three share classes, a STAK, an investor fund,
 * a plan with grants and three valuations. For the tests of the tables' layout (issue 12): what
 * fits with "Eva" and "1,000" must still fit with these.
 */

type Created = { id: string };

async function post<T = Created>(
  request: APIRequestContext,
  path: string,
  data: object,
): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/** `YYYY-MM-DD`, `months` before the firm's today, on the 1st. */
function monthsAgo(months: number): string {
  const today = new Date(`${firmDate()}T00:00:00Z`);
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, 1));
  return d.toISOString().slice(0, 10);
}

export const LONG_NAMES = {
  founder: 'Maximiliaan Alexander van der Westhuizen-Oppenheimer',
  cofounder: 'Annelies Catharina Theodora de Vries-Bakker',
  stak: 'Stichting Administratiekantoor Westhuizen Employee Participation',
  investor: 'Sequoia-Atomico Growth Opportunities Fund IV Coöperatief U.A.',
  plan: 'Employee Stock Option Plan 2024 – Netherlands & Belgium',
  notary: 'Mr. Johannes Frederik van Oldenbarnevelt-Schimmelpenninck, notaris te Amsterdam',
  provider: 'PricewaterhouseCoopers Accountants N.V. – Valuation Services Amsterdam',
} as const;

const EMPLOYEES = [
  'Bartholomeus Johannes Hendrikus Jansen',
  'Zoë Çelik-Mahmoudi',
  'Eva Werknemer',
  'Pieter-Jan Vandenbroucke-Declercq',
  'Friederike von Hohenzollern-Sigmaringen',
];

const SHARE_CLASSES = [
  'Gewone aandelen',
  'Preferente aandelen Serie A 2024',
  'Cumulatief preferente aandelen B',
];

/** The company's own words (names, addresses, numbers), for checks of the app's words. */
export const REALISTIC_DATA: (string | RegExp)[] = [
  ...EMPLOYEES,
  ...SHARE_CLASSES,
  /Van der Westhuizen-Oppenheimer Technologies Nederland B\.V\. [a-z0-9]+/g,
  /[a-z.]+@[a-z-]+\.example/g,
  '+31 20 794 01 23',
  /EMP-\d{4}-\d{6}/g,
];

/** Creates the company in the workspace of `request`'s session; returns its id. */
export async function createRealisticCompany(request: APIRequestContext): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const company = await post(request, '/company', {
    companyName: `Van der Westhuizen-Oppenheimer Technologies Nederland B.V. ${suffix}`,
    companyType: 'BV',
    country: 'NL',
  });
  const c = `/company/${company.id}`;
  const [common, seriesA, cumPref] = [
    await post(request, `${c}/share-classes`, {
      name: SHARE_CLASSES[0],
      nominalValue: '0.01',
    }),
    await post(request, `${c}/share-classes`, {
      name: SHARE_CLASSES[1],
      classType: 'preferred',
      nominalValue: '0.01',
      seniority: 2,
    }),
    await post(request, `${c}/share-classes`, {
      name: SHARE_CLASSES[2],
      classType: 'preferred',
      nominalValue: '0.01',
      seniority: 3,
    }),
  ];
  const person = async (name: string, relationship: string, n: number) =>
    post(request, `${c}/stakeholders`, {
      name,
      relationship,
      email: `${name
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z]+/g, '.')}@westhuizen-technologies-nederland.example`,
      phone: '+31 20 794 01 23',
      employeeId: `EMP-2019-${String(n).padStart(6, '0')}`,
      taxCountry: n % 2 ? 'NL' : 'BE',
    });
  const founder = await person(LONG_NAMES.founder, 'founder', 1);
  const cofounder = await person(LONG_NAMES.cofounder, 'founder', 2);
  const stak = await post(request, `${c}/stakeholders`, {
    name: LONG_NAMES.stak,
    relationship: 'stak',
    kind: 'institution',
  });
  const investor = await post(request, `${c}/stakeholders`, {
    name: LONG_NAMES.investor,
    relationship: 'investor',
    kind: 'institution',
    email: 'capital.calls@sequoia-atomico-growth-opportunities.example',
  });
  const employees: Created[] = [];
  for (const [i, name] of EMPLOYEES.entries())
    employees.push(await person(name, 'employee', 10 + i));

  const deed = {
    pricePerShare: '0.000100',
    currency: 'EUR',
    deedDate: monthsAgo(40),
    notary: LONG_NAMES.notary,
  };
  await post(request, `${c}/share-events`, {
    type: 'issue',
    date: monthsAgo(40),
    shareClassId: common.id,
    shareCount: 12_500_000,
    toStakeholderId: founder.id,
    firstShareNumber: 1,
    lastShareNumber: 12_500_000,
    ...deed,
  });
  await post(request, `${c}/share-events`, {
    type: 'issue',
    date: monthsAgo(40),
    shareClassId: common.id,
    shareCount: 7_500_000,
    toStakeholderId: cofounder.id,
    firstShareNumber: 12_500_001,
    lastShareNumber: 20_000_000,
    ...deed,
  });
  await post(request, `${c}/share-events`, {
    type: 'issue',
    date: monthsAgo(20),
    shareClassId: seriesA.id,
    shareCount: 4_250_000,
    toStakeholderId: investor.id,
    firstShareNumber: 1,
    lastShareNumber: 4_250_000,
    pricePerShare: '2.354217',
    currency: 'EUR',
    deedDate: monthsAgo(20),
    notary: LONG_NAMES.notary,
  });
  await post(request, `${c}/share-events`, {
    type: 'issue',
    date: monthsAgo(10),
    shareClassId: cumPref.id,
    shareCount: 1_000_000,
    toStakeholderId: stak.id,
    firstShareNumber: 1,
    lastShareNumber: 1_000_000,
    pricePerShare: '1.000000',
    currency: 'EUR',
  });
  await post(request, `${c}/share-events`, {
    type: 'transfer',
    date: monthsAgo(8),
    shareClassId: common.id,
    shareCount: 250_000,
    fromStakeholderId: founder.id,
    toStakeholderId: cofounder.id,
    firstShareNumber: 12_250_001,
    lastShareNumber: 12_500_000,
    pricePerShare: '1.875000',
    currency: 'EUR',
    deedDate: monthsAgo(8),
    notary: LONG_NAMES.notary,
  });

  const plan = await post(request, `${c}/plans`, {
    name: LONG_NAMES.plan,
    planType: 'stock_options',
    shareClassId: common.id,
    poolSize: 5_000_000,
    exerciseWindowMonths: 24,
  });
  const terms = {
    type: 'time',
    periodLength: 1,
    periodUnit: 'months',
    occurrences: 48,
    cliffPeriods: 12,
  };
  const quantities = [1_234_567, 987_654, 456_789, 345_678, 123_456];
  for (const [i, employee] of employees.entries()) {
    const grantDate = monthsAgo(30 - i * 5);
    await post(request, `${c}/grants`, {
      stakeholderId: employee.id,
      planId: plan.id,
      quantity: quantities[i],
      exercisePrice: i % 2 ? '0.123456' : '1.875000',
      grantDate,
      vestingStartDate: grantDate,
      terms,
    });
  }

  for (const [months, method, enterpriseValue] of [
    [26, 'dcf', '987654321.12'],
    [14, 'recent_round', '1234567890.12'],
    [2, 'opm', '2345678901.99'],
  ] as const)
    await post(request, `${c}/valuations`, {
      effectiveDate: monthsAgo(months),
      purpose: months === 14 ? 'funding_round' : 'tax_fmv',
      method,
      provider: LONG_NAMES.provider,
      enterpriseValue,
      debt: '12500000.00',
      cash: '3750000.50',
      fullyDilutedShares: 30_000_000,
      dlomPercent: '25',
    });
  return company.id;
}
