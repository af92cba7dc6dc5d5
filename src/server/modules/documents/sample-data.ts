import type { DocumentKind, MergeData } from '../../../contracts/documents';

/**
 * A fictitious Dutch client, its plan, grants and register, formatted as the merge data is
 * (texts in the document's language, `has…`/`is…` flags booleans). Being typed as MergeData,
 * it stops compiling when the contract's fields change.
 */

const common = {
  today: '12 maart 2025',
  firm: { name: 'Van Dijk & Partners Advocaten' },
  preparedBy: { name: 'mr. E. de Vries', email: 'e.devries@vandijk.example' },
  company: {
    name: 'Zeilmaker B.V.',
    legalForm: 'besloten vennootschap',
    registrationNumber: '12345678',
    vat: 'NL123456789B01',
    street: 'Herengracht 100',
    postal: '1015 BS',
    city: 'Haarlem',
    country: 'Nederland',
    address: 'Herengracht 100, 1015 BS Haarlem',
  },
  signatories: [
    { name: 'Anna Bakker', role: 'Bestuurder A' },
    { name: 'Pieter Smit', role: 'Bestuurder B' },
  ],
};
const stakeholder = {
  name: 'Sanne de Jong',
  email: 'sanne@zeilmaker.example',
  employeeId: 'P-0042',
  street: 'Prinsengracht 12',
  postal: '1016 GH',
  city: 'Amsterdam',
  country: 'Nederland',
  address: 'Prinsengracht 12, 1016 GH Amsterdam',
};
const grant = {
  number: 'G-2025-007',
  quantity: '10.000',
  exercisePrice: '1,25',
  currency: 'EUR',
  totalExercisePrice: '12.500,00',
  grantDate: '1 maart 2025',
  vestingStartDate: '15 januari 2024',
  expiryDate: '28 februari 2035',
  offerDate: '3 februari 2025',
  acceptanceDeadline: '4 april 2025',
  vesting: '48 maanden, maandelijks, cliff van 12 maanden',
};
const plan = {
  name: 'ESOP 2024',
  type: 'opties op aandelen',
  boardApprovalDate: '10 december 2023',
  poolSize: '150.000',
  exerciseWindow: '3 maanden',
};
const valuation = {
  effectiveDate: '31 december 2024',
  method: 'OPM-backsolve',
  provider: 'Kroes Valuations',
  valuePerShare: '1,20',
  currency: 'EUR',
  validUntil: '30 december 2025',
};

/** Sample merge data of every kind, typed against the contract (tests, template previews). */
export const SAMPLE_MERGE_DATA: { [K in DocumentKind]: MergeData<K> } = {
  grant_letter: {
    ...common,
    stakeholder,
    grant,
    plan,
    schedule: [
      {
        date: '15 januari 2025',
        quantity: '2.500',
        cumulative: '2.500',
        percent: '25,00%',
        kind: 'Cliff',
      },
      {
        date: '15 februari 2025',
        quantity: '208',
        cumulative: '2.708',
        percent: '27,08%',
        kind: 'Maand',
      },
      {
        date: '15 maart 2025',
        quantity: '209',
        cumulative: '2.917',
        percent: '29,17%',
        kind: 'Maand',
      },
    ],
    hasValuation: true,
    valuation,
    isBelgian: false,
  },
  board_resolution: {
    ...common,
    grants: [
      {
        stakeholder: 'Sanne de Jong',
        plan: 'ESOP 2024',
        quantity: '10.000',
        exercisePrice: '1,25',
        currency: 'EUR',
        grantDate: '1 maart 2025',
        vestingStartDate: '15 januari 2024',
        vesting: '48 mnd., cliff 12 mnd.',
      },
      {
        stakeholder: 'Ruben Visser',
        plan: 'ESOP 2024',
        quantity: '5.000',
        exercisePrice: '1,25',
        currency: 'EUR',
        grantDate: '1 maart 2025',
        vestingStartDate: '1 maart 2025',
        vesting: '36 mnd., geen cliff',
      },
      {
        stakeholder: 'Fatima El Amrani',
        plan: 'Adviseurs 2025',
        quantity: '2.500',
        exercisePrice: '1,30',
        currency: 'EUR',
        grantDate: '1 maart 2025',
        vestingStartDate: '1 april 2025',
        vesting: '24 mnd., per kwartaal',
      },
    ],
    grantCount: '3',
    totalQuantity: '17.500',
  },
  exercise_notice: {
    ...common,
    stakeholder,
    grant,
    plan,
    exercise: {
      date: '2 juni 2025',
      quantity: '1.000',
      pricePerShare: '1,25',
      totalPrice: '1.250,00',
      currency: 'EUR',
      settlementAmount: '3.750,00',
      remaining: '9.000',
    },
    isCashSettled: false,
  },
  register_extract: {
    ...common,
    asOf: '31 maart 2025',
    lines: [
      {
        date: '1 mei 2020',
        type: 'Uitgifte',
        shareClass: 'Gewone aandelen',
        quantity: '90.000',
        from: '—',
        to: 'Holding Bakker B.V.',
        shareNumbers: '1–90.000',
        pricePerShare: 'EUR 0,01',
        deedDate: '30 april 2020',
        notary: 'mr. J. Jansen',
      },
      {
        date: '3 juli 2022',
        type: 'Overdracht',
        shareClass: 'Gewone aandelen',
        quantity: '10.000',
        from: 'Holding Bakker B.V.',
        to: 'Stichting Administratiekantoor Zeilmaker',
        shareNumbers: '80.001–90.000',
        pricePerShare: 'EUR 2,00',
        deedDate: '2 juli 2022',
        notary: 'mr. K. de Wit',
      },
    ],
    holdings: [
      {
        holder: 'Holding Bakker B.V.',
        address: 'Dorpsstraat 1, 2011 AA Haarlem',
        shareClass: 'Gewone aandelen',
        shares: '80.000',
        shareNumbers: '1–80.000',
      },
      {
        holder: 'Stichting Administratiekantoor Zeilmaker',
        address: 'Keizersgracht 8, 1015 CN Amsterdam',
        shareClass: 'Gewone aandelen',
        shares: '10.000',
        shareNumbers: '80.001–90.000',
      },
    ],
    totalShares: '90.000',
  },
  cap_table_report: {
    ...common,
    asOf: '31 maart 2025',
    rows: [
      {
        holder: 'Holding Bakker B.V.',
        group: 'Oprichters',
        shares: '80.000',
        awards: '0',
        fullyDiluted: '80.000',
        percent: '66,67%',
      },
      {
        holder: 'Stichting Administratiekantoor Zeilmaker',
        group: 'STAK',
        shares: '10.000',
        awards: '0',
        fullyDiluted: '10.000',
        percent: '8,33%',
      },
      {
        holder: 'Sanne de Jong',
        group: 'Werknemers',
        shares: '0',
        awards: '10.000',
        fullyDiluted: '10.000',
        percent: '8,33%',
      },
    ],
    pools: [
      {
        name: 'ESOP 2024',
        reserved: '30.000',
        granted: '17.500',
        available: '12.500',
        percent: '10,42%',
      },
      {
        name: 'Adviseurs 2025',
        reserved: '5.000',
        granted: '2.500',
        available: '2.500',
        percent: '2,08%',
      },
    ],
    totals: { shares: '90.000', fullyDiluted: '120.000' },
    hasValuation: true,
    valuation,
  },
};
