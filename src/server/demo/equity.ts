import type { PlanCreateInput } from '../../contracts/equity';
import type { StakeholderRelationship } from '../../domain/equity';

/**
 * The demo clients' equity structures (issue 4): founders, investors, STAKs with depositary
 * receipts, employees and advisors, share classes, the register's issues, transfers and
 * cancellations with share numbers and notarial deeds, and one or two plans per company with a
 * pool adjustment. Plain data, turned into rows by `buildDemoEquity` (./build-equity.ts).
 * Names of people and funds are fictitious.
 */

/** A stakeholder other than the generated employees. */
export interface DemoPerson {
  name: string;
  relationship: StakeholderRelationship;
  kind: 'individual' | 'institution';
  /** Local part of an e-mail address at the company's domain, for the people the lawyer mails. */
  mailbox?: string;
  status?: 'active' | 'leave_of_absence' | 'terminated';
}

/** Who an event or receipt line names: a person by name, or the n-th generated employee. */
export type DemoHolder = string | { employee: number };

export type DemoStep =
  | {
      kind: 'issue';
      date: string;
      /** Issued at this price per share (the founders' at the nominal value). */
      price: string;
      preferred?: boolean;
      to: [DemoHolder, number][];
      /** Deed of issue; omitted: no notarial deed recorded (e.g. a Belgian register entry). */
      deed?: boolean;
      notes?: string;
    }
  | {
      kind: 'transfer';
      date: string;
      from: DemoHolder;
      to: DemoHolder;
      shares: number;
      price?: string;
      deed?: boolean;
      notes?: string;
    }
  | {
      kind: 'cancel';
      date: string;
      from: DemoHolder;
      shares: number;
      deed?: boolean;
      notes?: string;
    }
  /** Depositary receipts issued by the company's STAK on its common shares. */
  | { kind: 'receipts'; date: string; to: [DemoHolder, number][] };

export interface DemoPlan {
  name: string;
  planType: PlanCreateInput['planType'];
  poolSize: number;
  boardApprovalDate: string;
  shareholderApprovalDate?: string;
  exerciseWindowMonths?: number;
  acceleration?: PlanCreateInput['acceleration'];
  leaverPolicy?: PlanCreateInput['leaverPolicy'];
  adjustment?: { date: string; shareCount: number; reason: string };
  notes?: string;
}

export interface DemoEquity {
  /** The notary who passes this company's deeds. */
  notary?: string;
  /** Names of the common and (when a round had them) preferred class. */
  classes?: { common: string; preferred?: string; nominalValue: string; authorized?: number };
  people: DemoPerson[];
  /** Employees generated with country-typical names (see build-equity.ts). */
  employees: number;
  steps: DemoStep[];
  plans: DemoPlan[];
}

const founder = (name: string, mailbox?: string): DemoPerson => ({
  name,
  relationship: 'founder',
  kind: 'individual',
  mailbox: mailbox ?? name.split(' ')[0]!.toLowerCase(),
});
const fund = (name: string): DemoPerson => ({
  name,
  relationship: 'investor',
  kind: 'institution',
});
const angel = (name: string): DemoPerson => ({
  name,
  relationship: 'investor',
  kind: 'individual',
});
const stak = (name: string): DemoPerson => ({
  name,
  relationship: 'stak',
  kind: 'institution',
  mailbox: 'stak',
});
const advisor = (name: string): DemoPerson => ({
  name,
  relationship: 'advisor',
  kind: 'individual',
});
const board = (name: string): DemoPerson => ({
  name,
  relationship: 'board_member',
  kind: 'individual',
});
const emp = (n: number) => ({ employee: n });

const NL_CLASSES = {
  common: 'Gewone aandelen',
  preferred: 'Preferente aandelen Serie A',
  nominalValue: '0.01',
};
const BE_CLASSES = NL_CLASSES;
const GMBH_CLASSES = {
  common: 'Geschäftsanteile',
  preferred: 'Vorzugsgeschäftsanteile Serie A',
  nominalValue: '1',
};
const AG_CLASSES = { common: 'Stammaktien', preferred: 'Vorzugsaktien Serie A', nominalValue: '1' };

const DOUBLE_TRIGGER = { trigger: 'double', percent: 100, windowMonths: 12 } as const;
const GOOD_LEAVER_CONTINUES = {
  good: { unvested: 'continue', vested: 'keep' },
  bad: { unvested: 'forfeit', vested: 'forfeit' },
} as const;

/** Keyed by the company's legal name in DEMO_COMPANIES; every demo company has an entry. */
export const DEMO_EQUITY: Record<string, DemoEquity> = {
  'Tulip Robotics B.V.': {
    notary: 'mr. W.J. van der Linden, notaris te Amsterdam',
    classes: NL_CLASSES,
    people: [
      founder('Sanne Jansen'),
      founder('Joris van Leeuwen'),
      founder('Fleur Mulder'),
      stak('Stichting Administratiekantoor Tulip'),
      fund('Polder Seed Fund B.V.'),
      angel('Marijke Hoogeveen'),
      fund('Volta Ventures Fund II'),
      fund('Lowlands Growth Fund III C.V.'),
      advisor('Prof. dr. Hans Kramer'),
    ],
    employees: 8,
    steps: [
      {
        kind: 'issue',
        date: '2019-03-12',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Sanne Jansen', 400_000],
          ['Joris van Leeuwen', 350_000],
          ['Fleur Mulder', 250_000],
        ],
      },
      {
        kind: 'transfer',
        date: '2020-06-30',
        from: 'Sanne Jansen',
        to: 'Stichting Administratiekantoor Tulip',
        shares: 60_000,
        price: '0.01',
        deed: true,
        notes: 'Levering aan de STAK tegen uitgifte van certificaten',
      },
      {
        kind: 'issue',
        date: '2020-09-15',
        price: '1.5',
        deed: true,
        notes: 'Seed round',
        to: [
          ['Polder Seed Fund B.V.', 120_000],
          ['Marijke Hoogeveen', 30_000],
        ],
      },
      {
        kind: 'receipts',
        date: '2021-02-01',
        to: [
          [emp(0), 12_000],
          [emp(1), 8_000],
          [emp(2), 5_000],
          ['Prof. dr. Hans Kramer', 4_000],
        ],
      },
      {
        kind: 'issue',
        date: '2022-05-20',
        price: '4.8',
        preferred: true,
        deed: true,
        notes: 'Series A',
        to: [
          ['Volta Ventures Fund II', 250_000],
          ['Lowlands Growth Fund III C.V.', 125_000],
        ],
      },
      {
        kind: 'issue',
        date: '2023-03-01',
        price: '0.01',
        deed: true,
        notes: 'Uitgifte aan de STAK voor de certificaten van het optieplan',
        to: [['Stichting Administratiekantoor Tulip', 40_000]],
      },
      {
        kind: 'receipts',
        date: '2023-04-01',
        to: [
          [emp(3), 6_000],
          [emp(4), 4_000],
        ],
      },
    ],
    plans: [
      {
        name: 'Tulip Certificaten Optieplan 2021',
        planType: 'receipt_options',
        poolSize: 100_000,
        boardApprovalDate: '2021-01-15',
        shareholderApprovalDate: '2021-01-29',
        exerciseWindowMonths: 3,
        acceleration: DOUBLE_TRIGGER,
        adjustment: { date: '2022-05-20', shareCount: 50_000, reason: 'Pool top-up at Series A' },
      },
    ],
  },

  'Dijkstra Data B.V.': {
    notary: 'mr. H.M. Verbeek, notaris te Rotterdam',
    classes: NL_CLASSES,
    people: [
      founder('Pieter Dijkstra'),
      founder('Ahmed El Idrissi'),
      { ...founder('Bas Kuiper'), status: 'terminated' },
      fund('Maas Capital Partners I C.V.'),
      advisor('Ingrid Vermeulen'),
    ],
    employees: 6,
    steps: [
      {
        kind: 'issue',
        date: '2017-09-04',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Pieter Dijkstra', 500_000],
          ['Ahmed El Idrissi', 300_000],
          ['Bas Kuiper', 200_000],
        ],
      },
      {
        kind: 'issue',
        date: '2019-02-11',
        price: '0.9',
        deed: true,
        notes: 'Seed round',
        to: [['Maas Capital Partners I C.V.', 200_000]],
      },
      {
        kind: 'transfer',
        date: '2021-06-30',
        from: 'Bas Kuiper',
        to: 'Pieter Dijkstra',
        shares: 100_000,
        price: '1.1',
        deed: true,
        notes: 'Good leaver: half of the leaving founder’s shares bought by a co-founder',
      },
      {
        kind: 'cancel',
        date: '2021-06-30',
        from: 'Bas Kuiper',
        shares: 100_000,
        deed: true,
        notes: 'Inkoop door de vennootschap en intrekking',
      },
    ],
    plans: [
      {
        name: 'Dijkstra Data Optieplan 2020',
        planType: 'stock_options',
        poolSize: 80_000,
        boardApprovalDate: '2020-03-02',
        shareholderApprovalDate: '2020-03-16',
        exerciseWindowMonths: 3,
        adjustment: {
          date: '2023-01-09',
          shareCount: 20_000,
          reason: 'Shares of the leaving founder added to the pool',
        },
      },
    ],
  },

  'Noordzee Energy N.V.': {
    notary: 'mr. S. el Amrani, notaris te Den Haag',
    classes: { ...NL_CLASSES, authorized: 20_000_000 },
    people: [
      founder('Eva de Boer', 'eva.deboer'),
      founder('Maarten Vos', 'maarten.vos'),
      fund('North Sea Transition Fund I B.V.'),
      fund('Volta Ventures Fund II'),
      board('Drs. Geert Hoekstra'),
      advisor('Annelies Prins'),
    ],
    employees: 7,
    steps: [
      {
        kind: 'issue',
        date: '2016-11-21',
        price: '0.01',
        deed: true,
        notes: 'Oprichting (maatschappelijk kapitaal EUR 200.000)',
        to: [
          ['Eva de Boer', 2_600_000],
          ['Maarten Vos', 1_900_000],
        ],
      },
      {
        kind: 'issue',
        date: '2019-10-01',
        price: '2.1',
        preferred: true,
        deed: true,
        notes: 'Series A',
        to: [
          ['North Sea Transition Fund I B.V.', 900_000],
          ['Volta Ventures Fund II', 450_000],
        ],
      },
      {
        kind: 'transfer',
        date: '2022-12-15',
        from: 'Maarten Vos',
        to: 'Drs. Geert Hoekstra',
        shares: 25_000,
        price: '3.2',
        deed: true,
      },
    ],
    plans: [
      {
        name: 'Noordzee Energy Aandelenoptieplan 2020',
        planType: 'stock_options',
        poolSize: 400_000,
        boardApprovalDate: '2020-02-03',
        shareholderApprovalDate: '2020-02-17',
        exerciseWindowMonths: 6,
        acceleration: { trigger: 'single', percent: 50, windowMonths: null },
        adjustment: { date: '2023-06-01', shareCount: 100_000, reason: 'Pool increase (AVA)' },
      },
    ],
  },

  'Grachtenpand Software B.V.': {
    notary: 'mr. C.A. de Jong, notaris te Utrecht',
    classes: NL_CLASSES,
    people: [
      founder('Daan Visser'),
      founder('Iris Hendriks'),
      stak('Stichting Administratiekantoor Grachtenpand'),
      angel('Willem-Jan Brouwer'),
    ],
    employees: 6,
    steps: [
      {
        kind: 'issue',
        date: '2018-02-05',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Daan Visser', 450_000],
          ['Iris Hendriks', 450_000],
        ],
      },
      {
        kind: 'issue',
        date: '2019-07-01',
        price: '0.01',
        deed: true,
        notes: 'Uitgifte aan de STAK',
        to: [['Stichting Administratiekantoor Grachtenpand', 100_000]],
      },
      {
        kind: 'receipts',
        date: '2019-09-01',
        to: [
          [emp(0), 10_000],
          [emp(1), 7_500],
          [emp(2), 7_500],
        ],
      },
      {
        kind: 'issue',
        date: '2020-04-14',
        price: '1',
        deed: true,
        notes: 'Business angel',
        to: [['Willem-Jan Brouwer', 50_000]],
      },
    ],
    plans: [
      {
        name: 'Grachtenpand Certificaten Optieplan',
        planType: 'receipt_options',
        poolSize: 75_000,
        boardApprovalDate: '2019-06-20',
        exerciseWindowMonths: 3,
        adjustment: { date: '2022-01-10', shareCount: 25_000, reason: 'Extra pool 2022' },
      },
    ],
  },

  // The STAK of Tulip Robotics as a client of its own: a foundation has a board, no shares.
  'Stichting Administratiekantoor Tulip': {
    people: [
      { ...board('Sanne Jansen'), mailbox: 'sanne' },
      board('mr. Koen Smeets'),
      board('Eline Vermeulen'),
    ],
    employees: 0,
    steps: [],
    plans: [],
  },

  'Veldhoven Photonics B.V.': {
    notary: 'mr. P.J. Hendriks, notaris te Eindhoven',
    classes: NL_CLASSES,
    people: [
      founder('Lotte Bakker'),
      founder('Sander van Dam'),
      stak('Stichting Administratiekantoor Veldhoven Photonics'),
      fund('Brainport Deep Tech Fund I B.V.'),
      fund('Volta Ventures Fund II'),
      advisor('Dr. ir. Mark Verhoeven'),
    ],
    employees: 8,
    steps: [
      {
        kind: 'issue',
        date: '2015-06-18',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Lotte Bakker', 600_000],
          ['Sander van Dam', 400_000],
        ],
      },
      {
        kind: 'issue',
        date: '2018-03-26',
        price: '3.25',
        preferred: true,
        deed: true,
        notes: 'Series A',
        to: [
          ['Brainport Deep Tech Fund I B.V.', 300_000],
          ['Volta Ventures Fund II', 150_000],
        ],
      },
      {
        kind: 'transfer',
        date: '2019-04-01',
        from: 'Lotte Bakker',
        to: 'Stichting Administratiekantoor Veldhoven Photonics',
        shares: 50_000,
        price: '0.01',
        deed: true,
        notes: 'Levering aan de STAK',
      },
      {
        kind: 'transfer',
        date: '2019-04-01',
        from: 'Sander van Dam',
        to: 'Stichting Administratiekantoor Veldhoven Photonics',
        shares: 30_000,
        price: '0.01',
        deed: true,
        notes: 'Levering aan de STAK',
      },
      {
        kind: 'receipts',
        date: '2019-05-01',
        to: [
          [emp(0), 15_000],
          [emp(1), 10_000],
          [emp(2), 10_000],
          [emp(3), 5_000],
        ],
      },
    ],
    plans: [
      {
        name: 'Photonics Optieplan op certificaten 2019',
        planType: 'receipt_options',
        poolSize: 120_000,
        boardApprovalDate: '2019-04-15',
        shareholderApprovalDate: '2019-04-29',
        exerciseWindowMonths: 3,
        acceleration: DOUBLE_TRIGGER,
        adjustment: { date: '2022-09-01', shareCount: 60_000, reason: 'Pool top-up' },
      },
    ],
  },

  // A cooperative has members, not shares.
  'Fietsdeel Coöperatie U.A.': {
    people: [founder('Ruben Smit'), founder('Noor Dekker'), board('Hanneke Postma')],
    employees: 3,
    steps: [],
    plans: [],
  },

  'Maasvlakte Logistics B.V.': {
    notary: 'mr. H.M. Verbeek, notaris te Rotterdam',
    classes: NL_CLASSES,
    people: [
      founder('Femke Mulder'),
      founder('Youssef Amrani'),
      fund('Havenstad Ventures B.V.'),
      advisor('Kees Zwart'),
    ],
    employees: 5,
    steps: [
      {
        kind: 'issue',
        date: '2020-01-14',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Femke Mulder', 500_000],
          ['Youssef Amrani', 500_000],
        ],
      },
      {
        kind: 'issue',
        date: '2021-03-08',
        price: '1.2',
        deed: true,
        notes: 'Seed round',
        to: [['Havenstad Ventures B.V.', 150_000]],
      },
    ],
    plans: [
      {
        name: 'Maasvlakte ESOP 2021',
        planType: 'stock_options',
        poolSize: 100_000,
        boardApprovalDate: '2021-04-01',
        exerciseWindowMonths: 3,
        adjustment: { date: '2024-02-01', shareCount: 30_000, reason: 'Pool increase 2024' },
      },
    ],
  },

  'Leiden BioSciences B.V.': {
    notary: 'mr. A.M. Kuipers, notaris te Leiden',
    classes: NL_CLASSES,
    people: [
      founder('Dr. Thomas Meijer', 't.meijer'),
      founder('Dr. Anna Kok', 'a.kok'),
      founder('Prof. dr. Erik Brouwer', 'e.brouwer'),
      stak('Stichting Administratiekantoor Leiden BioSciences'),
      fund('Lowlands Growth Fund III C.V.'),
      fund('Rijnland Life Sciences Fund II B.V.'),
    ],
    employees: 7,
    steps: [
      {
        kind: 'issue',
        date: '2016-04-01',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Dr. Thomas Meijer', 350_000],
          ['Dr. Anna Kok', 350_000],
          ['Prof. dr. Erik Brouwer', 300_000],
        ],
      },
      {
        kind: 'issue',
        date: '2018-01-15',
        price: '0.01',
        deed: true,
        notes: 'Uitgifte aan de STAK',
        to: [['Stichting Administratiekantoor Leiden BioSciences', 100_000]],
      },
      {
        kind: 'receipts',
        date: '2018-03-01',
        to: [
          [emp(0), 20_000],
          [emp(1), 12_500],
          [emp(2), 12_500],
        ],
      },
      {
        kind: 'issue',
        date: '2019-11-20',
        price: '2.75',
        preferred: true,
        deed: true,
        notes: 'Series A',
        to: [
          ['Lowlands Growth Fund III C.V.', 400_000],
          ['Rijnland Life Sciences Fund II B.V.', 200_000],
        ],
      },
    ],
    plans: [
      {
        name: 'LBS Optieplan op certificaten 2018',
        planType: 'receipt_options',
        poolSize: 150_000,
        boardApprovalDate: '2018-02-01',
        exerciseWindowMonths: 6,
        leaverPolicy: GOOD_LEAVER_CONTINUES,
        adjustment: { date: '2019-11-20', shareCount: 75_000, reason: 'Pool top-up at Series A' },
      },
    ],
  },

  // The phantom plan: the founders keep the register closed and pay out in cash.
  'Kaasboer Foodtech B.V.': {
    notary: 'mr. C.A. de Jong, notaris te Utrecht',
    classes: NL_CLASSES,
    people: [founder('Anouk de Graaf'), founder('Thijs van Dijk')],
    employees: 5,
    steps: [
      {
        kind: 'issue',
        date: '2021-05-10',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Anouk de Graaf', 600_000],
          ['Thijs van Dijk', 400_000],
        ],
      },
    ],
    plans: [
      {
        name: 'Kaasboer Phantom Share Plan 2023',
        planType: 'phantom_shares',
        poolSize: 50_000,
        boardApprovalDate: '2023-01-16',
        adjustment: { date: '2024-07-01', shareCount: 25_000, reason: 'More phantom shares' },
        notes: 'Cash settlement on exit or dividend; no notarial deed, no shares.',
      },
    ],
  },

  'Hollands Glorie Games B.V.': {
    notary: 'mr. C.A. de Jong, notaris te Utrecht',
    classes: NL_CLASSES,
    people: [
      founder('Milan Bos'),
      founder('Sophie Wouters'),
      founder('Lars de Wit'),
      fund('Level Up Ventures B.V.'),
    ],
    employees: 6,
    steps: [
      {
        kind: 'issue',
        date: '2019-10-01',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Milan Bos', 340_000],
          ['Sophie Wouters', 330_000],
          ['Lars de Wit', 330_000],
        ],
      },
      {
        kind: 'issue',
        date: '2021-09-13',
        price: '0.75',
        deed: true,
        notes: 'Seed round',
        to: [['Level Up Ventures B.V.', 200_000]],
      },
    ],
    plans: [
      {
        name: 'HGG Optieplan 2020',
        planType: 'stock_options',
        poolSize: 100_000,
        boardApprovalDate: '2020-06-01',
        exerciseWindowMonths: 3,
        adjustment: { date: '2023-02-01', shareCount: 50_000, reason: 'Pool increase' },
      },
    ],
  },

  // A partnership: partners, no shares.
  'Brabant Mobility VOF': {
    people: [founder('Joris Peters'), founder('Kim van den Heuvel', 'kim')],
    employees: 2,
    steps: [],
    plans: [],
  },

  'Atomium Analytics BV': {
    notary: 'Meester Anne Dumont, notaris te Brussel',
    classes: BE_CLASSES,
    people: [
      founder('Lucas Peeters'),
      founder('Sarah Claes'),
      founder('Mohamed Benali'),
      fund('Volta Ventures Fund II'),
      advisor('Dirk Van Acker'),
    ],
    employees: 6,
    steps: [
      {
        kind: 'issue',
        date: '2018-09-10',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Lucas Peeters', 500_000],
          ['Sarah Claes', 300_000],
          ['Mohamed Benali', 200_000],
        ],
      },
      {
        kind: 'issue',
        date: '2020-05-18',
        price: '1.1',
        deed: true,
        notes: 'Kapitaalronde seed',
        to: [['Volta Ventures Fund II', 200_000]],
      },
      {
        kind: 'transfer',
        date: '2022-10-03',
        from: 'Mohamed Benali',
        to: 'Dirk Van Acker',
        shares: 10_000,
        price: '2',
        notes: 'Overdracht ingeschreven in het aandelenregister',
      },
    ],
    plans: [
      {
        name: 'Atomium Aandelenoptieplan 2020',
        planType: 'stock_options',
        poolSize: 100_000,
        boardApprovalDate: '2020-06-15',
        exerciseWindowMonths: 3,
        adjustment: { date: '2023-03-01', shareCount: 40_000, reason: 'Pool increase 2023' },
      },
    ],
  },

  'Gentse Fintech NV': {
    notary: 'Meester Koen Van Damme, notaris te Gent',
    classes: BE_CLASSES,
    people: [
      founder('Emma Janssens'),
      founder('Wout De Smet'),
      fund('Scheldt Innovation Fund NV'),
      fund('Volta Ventures Fund II'),
      board('Marc Vandenberghe'),
    ],
    employees: 8,
    steps: [
      {
        kind: 'issue',
        date: '2017-03-01',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Emma Janssens', 800_000],
          ['Wout De Smet', 700_000],
        ],
      },
      {
        kind: 'issue',
        date: '2020-02-24',
        price: '2.4',
        preferred: true,
        deed: true,
        notes: 'Series A',
        to: [
          ['Scheldt Innovation Fund NV', 500_000],
          ['Volta Ventures Fund II', 250_000],
        ],
      },
    ],
    plans: [
      {
        name: 'Gentse Fintech Aandelenoptieplan 2019',
        planType: 'stock_options',
        poolSize: 150_000,
        boardApprovalDate: '2019-01-21',
        exerciseWindowMonths: 3,
        adjustment: { date: '2020-02-24', shareCount: 75_000, reason: 'Pool top-up at Series A' },
      },
      {
        name: 'Gentse Fintech Aandelenoptieplan 2024',
        planType: 'stock_options',
        poolSize: 100_000,
        boardApprovalDate: '2024-03-18',
        exerciseWindowMonths: 6,
        acceleration: DOUBLE_TRIGGER,
      },
    ],
  },

  'Antwerp Diamond Labs BV': {
    notary: 'Meester Sofie Claes, notaris te Antwerpen',
    classes: BE_CLASSES,
    people: [
      founder('Noah Maes'),
      founder('Lotte Van den Broeck'),
      fund('Scheldt Innovation Fund NV'),
    ],
    employees: 5,
    steps: [
      {
        kind: 'issue',
        date: '2020-02-03',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Noah Maes', 500_000],
          ['Lotte Van den Broeck', 500_000],
        ],
      },
      {
        kind: 'issue',
        date: '2021-11-08',
        price: '1',
        deed: true,
        notes: 'Kapitaalronde seed',
        to: [['Scheldt Innovation Fund NV', 150_000]],
      },
    ],
    plans: [
      {
        name: 'Diamond Labs Optieplan 2021',
        planType: 'stock_options',
        poolSize: 80_000,
        boardApprovalDate: '2021-12-06',
        exerciseWindowMonths: 3,
        adjustment: { date: '2024-01-15', shareCount: 20_000, reason: 'Pool increase' },
      },
    ],
  },

  'Leuven Quantum BV': {
    notary: 'Meester Pieter Wouters, notaris te Leuven',
    classes: BE_CLASSES,
    people: [
      founder('Louise Jacobs'),
      founder('Prof. Bart Verstraete', 'bart'),
      founder('Jens Wouters'),
      fund('Quantum Lowlands Fund I CommV'),
    ],
    employees: 6,
    steps: [
      {
        kind: 'issue',
        date: '2019-05-15',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Louise Jacobs', 400_000],
          ['Prof. Bart Verstraete', 300_000],
          ['Jens Wouters', 300_000],
        ],
      },
      {
        kind: 'issue',
        date: '2022-06-27',
        price: '3',
        preferred: true,
        deed: true,
        notes: 'Series A',
        to: [['Quantum Lowlands Fund I CommV', 400_000]],
      },
    ],
    plans: [
      {
        name: 'Leuven Quantum Optieplan 2022',
        planType: 'stock_options',
        poolSize: 120_000,
        boardApprovalDate: '2022-07-11',
        exerciseWindowMonths: 3,
        acceleration: DOUBLE_TRIGGER,
        adjustment: { date: '2024-09-02', shareCount: 60_000, reason: 'Pool increase' },
      },
    ],
  },

  'Liège Medtech SA': {
    notary: 'Maître Jean-Luc Lambert, notaire à Liège',
    classes: {
      common: 'Actions ordinaires',
      preferred: 'Actions de préférence série A',
      nominalValue: '0.01',
    },
    people: [
      founder('Hugo Dubois'),
      founder('Camille Lambert'),
      fund('Wallonie Santé Capital SA'),
      advisor('Dr Nathalie Renard'),
    ],
    employees: 5,
    steps: [
      {
        kind: 'issue',
        date: '2016-10-03',
        price: '0.01',
        deed: true,
        notes: 'Constitution',
        to: [
          ['Hugo Dubois', 550_000],
          ['Camille Lambert', 450_000],
        ],
      },
      {
        kind: 'issue',
        date: '2018-04-23',
        price: '1.4',
        deed: true,
        notes: 'Augmentation de capital',
        to: [['Wallonie Santé Capital SA', 250_000]],
      },
    ],
    plans: [
      {
        name: "Plan d'options Liège Medtech 2018",
        planType: 'stock_options',
        poolSize: 90_000,
        boardApprovalDate: '2018-06-04',
        exerciseWindowMonths: 3,
        adjustment: { date: '2021-06-07', shareCount: 30_000, reason: 'Extension du plan' },
      },
    ],
  },

  'Brugge Maritime BV': {
    notary: 'Meester Koen Van Damme, notaris te Gent',
    classes: BE_CLASSES,
    people: [founder('Elise Willems'), founder('Tom Vermeersch'), angel('Filip Goossens')],
    employees: 4,
    steps: [
      {
        kind: 'issue',
        date: '2021-01-11',
        price: '0.01',
        deed: true,
        notes: 'Oprichting',
        to: [
          ['Elise Willems', 500_000],
          ['Tom Vermeersch', 500_000],
        ],
      },
      {
        kind: 'issue',
        date: '2022-04-04',
        price: '0.8',
        deed: true,
        notes: 'Business angel',
        to: [['Filip Goossens', 50_000]],
      },
    ],
    plans: [
      {
        name: 'Brugge Maritime Optieplan 2022',
        planType: 'stock_options',
        poolSize: 60_000,
        boardApprovalDate: '2022-05-02',
        exerciseWindowMonths: 3,
        adjustment: { date: '2025-01-13', shareCount: -10_000, reason: 'Unused pool released' },
      },
    ],
  },

  'Spree Robotics GmbH': {
    notary: 'Notar Dr. Klaus Hartmann, Berlin',
    classes: GMBH_CLASSES,
    people: [
      founder('Jonas Schneider'),
      founder('Katharina Wolf'),
      fund('Spreewald Capital I GmbH & Co. KG'),
      fund('Volta Ventures Fund II'),
      advisor('Dr. Stefan Lang'),
    ],
    employees: 7,
    steps: [
      {
        kind: 'issue',
        date: '2018-04-16',
        price: '1',
        deed: true,
        notes: 'Gründung (Stammkapital EUR 25.000)',
        to: [
          ['Jonas Schneider', 12_500],
          ['Katharina Wolf', 12_500],
        ],
      },
      {
        kind: 'issue',
        date: '2019-07-22',
        price: '45',
        deed: true,
        notes: 'Seed-Finanzierungsrunde (Kapitalerhöhung)',
        to: [['Spreewald Capital I GmbH & Co. KG', 5_000]],
      },
      {
        kind: 'issue',
        date: '2021-10-18',
        price: '180',
        preferred: true,
        deed: true,
        notes: 'Series A (Kapitalerhöhung)',
        to: [['Volta Ventures Fund II', 6_000]],
      },
    ],
    plans: [
      {
        name: 'Spree Robotics VSOP 2019',
        planType: 'virtual_shares',
        poolSize: 3_500,
        boardApprovalDate: '2019-09-02',
        shareholderApprovalDate: '2019-09-02',
        acceleration: { trigger: 'single', percent: 100, windowMonths: null },
        adjustment: { date: '2021-10-18', shareCount: 1_500, reason: 'Pool top-up at Series A' },
      },
    ],
  },

  'Isar Cloud AG': {
    notary: 'Notarin Dr. Sabine Krüger, München',
    classes: AG_CLASSES,
    people: [
      founder('Lena Fischer'),
      founder('Maximilian Huber'),
      founder('Tobias Maier'),
      fund('Isar Venture Partners II GmbH & Co. KG'),
      board('Dr. Werner Brandt'),
    ],
    employees: 8,
    steps: [
      {
        kind: 'issue',
        date: '2017-07-03',
        price: '1',
        deed: true,
        notes: 'Gründung (Grundkapital EUR 75.000)',
        to: [
          ['Lena Fischer', 30_000],
          ['Maximilian Huber', 25_000],
          ['Tobias Maier', 20_000],
        ],
      },
      {
        kind: 'issue',
        date: '2020-09-28',
        price: '40',
        preferred: true,
        deed: true,
        notes: 'Series A (Kapitalerhöhung)',
        to: [['Isar Venture Partners II GmbH & Co. KG', 25_000]],
      },
    ],
    plans: [
      {
        name: 'Aktienoptionsprogramm 2021',
        planType: 'stock_options',
        poolSize: 7_500,
        boardApprovalDate: '2021-03-15',
        shareholderApprovalDate: '2021-05-20',
        exerciseWindowMonths: 3,
        notes: 'Bedingtes Kapital 2021 (Hauptversammlung vom 20. Mai 2021)',
      },
      {
        name: 'Isar Cloud VSOP 2023',
        planType: 'virtual_shares',
        poolSize: 5_000,
        boardApprovalDate: '2023-02-06',
        adjustment: { date: '2024-02-05', shareCount: 2_500, reason: 'Pool increase 2024' },
      },
    ],
  },

  'Hafencity Mobility GmbH': {
    notary: 'Notar Thomas Braun, Hamburg',
    classes: GMBH_CLASSES,
    people: [
      founder('Felix Weber'),
      founder('Jana Schröder'),
      fund('Hanse Seed Fonds GmbH'),
      angel('Dr. Ulrike Petersen'),
    ],
    employees: 5,
    steps: [
      {
        kind: 'issue',
        date: '2019-02-25',
        price: '1',
        deed: true,
        notes: 'Gründung (Stammkapital EUR 25.000)',
        to: [
          ['Felix Weber', 15_000],
          ['Jana Schröder', 10_000],
        ],
      },
      {
        kind: 'issue',
        date: '2020-11-16',
        price: '60',
        deed: true,
        notes: 'Seed-Finanzierungsrunde (Kapitalerhöhung)',
        to: [['Hanse Seed Fonds GmbH', 4_000]],
      },
      {
        kind: 'transfer',
        date: '2022-03-21',
        from: 'Felix Weber',
        to: 'Dr. Ulrike Petersen',
        shares: 500,
        price: '120',
        deed: true,
        notes: 'Secondary: Abtretung von Geschäftsanteilen',
      },
    ],
    plans: [
      {
        name: 'Hafencity Mobility VSOP 2021',
        planType: 'virtual_shares',
        poolSize: 2_500,
        boardApprovalDate: '2021-01-11',
        adjustment: { date: '2023-01-09', shareCount: 1_000, reason: 'Pool increase' },
      },
    ],
  },

  'Rheinland Health UG': {
    notary: 'Notar Dr. Andreas Vogel, Köln',
    classes: GMBH_CLASSES,
    people: [founder('Mia Wagner'), founder('Niklas Koch')],
    employees: 4,
    steps: [
      {
        kind: 'issue',
        date: '2022-03-07',
        price: '1',
        deed: true,
        notes: 'Gründung (Stammkapital EUR 10.000)',
        to: [
          ['Mia Wagner', 6_000],
          ['Niklas Koch', 4_000],
        ],
      },
    ],
    plans: [
      {
        name: 'Rheinland Health VSOP 2023',
        planType: 'virtual_shares',
        poolSize: 1_000,
        boardApprovalDate: '2023-04-03',
        adjustment: { date: '2025-04-07', shareCount: 500, reason: 'Pool increase' },
      },
    ],
  },

  'Schwaben Sensorik GmbH': {
    notary: 'Notarin Claudia Maurer, Stuttgart',
    classes: GMBH_CLASSES,
    people: [founder('Paul Becker'), founder('Sabine Schäfer'), angel('Dr. Ulrich Bauer')],
    employees: 6,
    steps: [
      {
        kind: 'issue',
        date: '2016-09-12',
        price: '1',
        deed: true,
        notes: 'Gründung (Stammkapital EUR 25.000)',
        to: [
          ['Paul Becker', 13_000],
          ['Sabine Schäfer', 12_000],
        ],
      },
      {
        kind: 'issue',
        date: '2018-05-14',
        price: '30',
        deed: true,
        notes: 'Business Angel (Kapitalerhöhung)',
        to: [['Dr. Ulrich Bauer', 2_500]],
      },
    ],
    plans: [
      {
        name: 'Schwaben Sensorik VSOP 2019',
        planType: 'virtual_shares',
        poolSize: 2_000,
        boardApprovalDate: '2019-01-14',
        adjustment: { date: '2022-01-10', shareCount: 1_000, reason: 'Pool increase' },
      },
    ],
  },

  'Main Payments GmbH': {
    notary: 'Notar Dr. Michael Franke, Frankfurt am Main',
    classes: GMBH_CLASSES,
    people: [
      founder('Hannah Hoffmann'),
      founder('David Richter'),
      founder('Ali Yılmaz', 'ali'),
      fund('Rheingold Ventures Fund I GmbH & Co. KG'),
      advisor('Christoph Neumann'),
    ],
    employees: 7,
    steps: [
      {
        kind: 'issue',
        date: '2018-11-05',
        price: '1',
        deed: true,
        notes: 'Gründung (Stammkapital EUR 25.000)',
        to: [
          ['Hannah Hoffmann', 10_000],
          ['David Richter', 8_000],
          ['Ali Yılmaz', 7_000],
        ],
      },
      {
        kind: 'issue',
        date: '2021-05-31',
        price: '150',
        preferred: true,
        deed: true,
        notes: 'Series A (Kapitalerhöhung)',
        to: [['Rheingold Ventures Fund I GmbH & Co. KG', 8_000]],
      },
    ],
    plans: [
      {
        name: 'Main Payments VSOP 2020',
        planType: 'virtual_shares',
        poolSize: 3_000,
        boardApprovalDate: '2020-02-17',
        acceleration: DOUBLE_TRIGGER,
        adjustment: { date: '2021-05-31', shareCount: 1_200, reason: 'Pool top-up at Series A' },
      },
    ],
  },

  'Elbe Biotech AG': {
    notary: 'Notar Dr. Jens Hofmann, Dresden',
    classes: AG_CLASSES,
    people: [
      founder('Leon Schulz'),
      founder('Prof. Dr. Marie Zimmermann', 'marie'),
      fund('Elbflorenz BioFonds GmbH & Co. KG'),
      board('Dr. Karin Lorenz'),
    ],
    employees: 6,
    steps: [
      {
        kind: 'issue',
        date: '2015-10-19',
        price: '1',
        deed: true,
        notes: 'Gründung (Grundkapital EUR 60.000)',
        to: [
          ['Leon Schulz', 30_000],
          ['Prof. Dr. Marie Zimmermann', 30_000],
        ],
      },
      {
        kind: 'issue',
        date: '2019-03-25',
        price: '55',
        preferred: true,
        deed: true,
        notes: 'Series A (Kapitalerhöhung)',
        to: [['Elbflorenz BioFonds GmbH & Co. KG', 20_000]],
      },
    ],
    plans: [
      {
        name: 'Elbe Biotech VSOP 2020',
        planType: 'virtual_shares',
        poolSize: 6_000,
        boardApprovalDate: '2020-01-20',
        adjustment: { date: '2023-07-03', shareCount: 2_000, reason: 'Pool increase' },
      },
    ],
  },
};
