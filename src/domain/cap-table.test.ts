import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apportionPercent,
  buildCapTable,
  capTableCsv,
  type CapTableCsvFormat,
  poolReserved,
  type CapTablePlan,
} from './cap-table';
import type { LedgerEvent } from './share-ledger';

const base = { fromStakeholderId: null, firstShareNumber: null, lastShareNumber: null };
const events: LedgerEvent[] = [
  {
    ...base,
    id: '1',
    seq: 1,
    type: 'issue',
    date: '2023-01-01',
    shareClassId: 'common',
    shareCount: 4500,
    toStakeholderId: 'anna',
  },
  {
    ...base,
    id: '2',
    seq: 2,
    type: 'issue',
    date: '2023-01-01',
    shareClassId: 'common',
    shareCount: 4500,
    toStakeholderId: 'bart',
  },
  {
    ...base,
    id: '3',
    seq: 3,
    type: 'issue',
    date: '2024-06-01',
    shareClassId: 'prefA',
    shareCount: 2000,
    toStakeholderId: 'vc',
  },
  {
    ...base,
    id: '4',
    seq: 4,
    type: 'transfer',
    date: '2024-07-01',
    shareClassId: 'common',
    shareCount: 500,
    fromStakeholderId: 'bart',
    toStakeholderId: 'stak',
  },
];
const stakeholders = [
  { id: 'anna', name: 'Anna de Vries', relationship: 'founder' as const },
  { id: 'bart', name: 'Bart Jansen', relationship: 'founder' as const },
  { id: 'vc', name: 'Fund I', relationship: 'investor' as const },
  { id: 'stak', name: 'STAK Acme', relationship: 'stak' as const },
  { id: 'emp', name: 'Eve', relationship: 'employee' as const },
];
const plan = (over: Partial<CapTablePlan> = {}): CapTablePlan => ({
  id: 'esop',
  name: 'ESOP 2024',
  poolSize: 1000,
  effectiveDate: '2024-01-01',
  adjustments: [{ date: '2025-01-01', shareCount: 500 }],
  cashSettled: false,
  ...over,
});

/** The server passes the catalog's labels; these are the English ones. */
const english: CapTableCsvFormat = {
  separator: ',',
  decimal: '.',
  labels: {
    holder: 'Holder',
    group: 'Group',
    awardsVested: 'Awards vested',
    awardsUnvested: 'Awards unvested',
    fullyDiluted: 'Fully diluted',
    fullyDilutedPercent: 'Fully diluted %',
    total: 'Total',
    groups: {
      founders: 'founders',
      employees: 'employees',
      investors: 'investors',
      other: 'other',
      pool: 'pool',
    },
    pool: (name, cashSettled) => `${name} (unallocated pool${cashSettled ? ', cash-settled' : ''})`,
  },
};

describe('buildCapTable', () => {
  it('as of today: shares per class, pool row, percentages summing to 100', () => {
    const table = buildCapTable({ asOf: '2025-06-30', stakeholders, events, plans: [plan()] });
    expect(
      table.rows.map((r) => [r.name, r.shares, r.fullyDiluted, r.fullyDilutedPercent]),
    ).toEqual([
      ['Anna de Vries', { common: 4500 }, 4500, '36.0000'],
      ['Bart Jansen', { common: 4000 }, 4000, '32.0000'],
      ['Fund I', { prefA: 2000 }, 2000, '16.0000'],
      ['STAK Acme', { common: 500 }, 500, '4.0000'],
    ]);
    expect(table.pools).toEqual([
      expect.objectContaining({
        planId: 'esop',
        reserved: 1500,
        available: 1500,
        fullyDilutedPercent: '12.0000',
      }),
    ]);
    expect(table.totals).toEqual({
      shares: 11000,
      sharesByClass: { common: 9000, prefA: 2000 },
      fullyDiluted: 12500,
    });
    const groups = Object.fromEntries(table.groups.map((g) => [g.group, g.fullyDiluted]));
    expect(groups).toEqual({
      founders: 8500,
      employees: 0,
      investors: 2000,
      other: 500,
      pool: 1500,
    });
  });

  it('as of an earlier date: later events and pool changes do not count yet', () => {
    const table = buildCapTable({ asOf: '2023-12-31', stakeholders, events, plans: [plan()] });
    expect(table.rows.map((r) => [r.stakeholderId, r.fullyDilutedPercent])).toEqual([
      ['anna', '50.0000'],
      ['bart', '50.0000'],
    ]);
    expect(table.pools[0]).toMatchObject({ reserved: 0, available: 0 });
    expect(poolReserved(plan(), '2024-06-01')).toBe(1000);
  });

  it('counts share-settled awards per holder and takes them out of the pool', () => {
    const table = buildCapTable({
      asOf: '2025-06-30',
      stakeholders,
      events,
      plans: [plan(), plan({ id: 'phantom', name: 'Phantom', cashSettled: true, adjustments: [] })],
      awards: [
        { stakeholderId: 'emp', planId: 'esop', vested: 100, unvested: 300 },
        { stakeholderId: 'emp', planId: 'phantom', vested: 50, unvested: 50 },
      ],
    });
    const eve = table.rows.find((r) => r.stakeholderId === 'emp')!;
    expect(eve).toMatchObject({
      awardsVested: 100,
      awardsUnvested: 300,
      fullyDiluted: 400,
      group: 'employees',
    });
    expect(table.pools.map((p) => [p.planId, p.available, p.cashSettled])).toEqual([
      ['esop', 1100, false],
      ['phantom', 900, true],
    ]);
    // The phantom pool settles in cash: it is listed but not in the fully diluted total.
    expect(table.totals.fullyDiluted).toBe(11000 + 400 + 1100);
    expect(table.pools[1]!.fullyDilutedPercent).toBe('0.0000');
  });

  it('an empty company has no rows and zero percentages', () => {
    const table = buildCapTable({ asOf: '2025-01-01', stakeholders: [], events: [], plans: [] });
    expect(table.rows).toEqual([]);
    expect(table.totals.fullyDiluted).toBe(0);
  });

  it('CSV: one column per class, a pool row, a total row, quoted names, no formulas', () => {
    const table = buildCapTable({
      asOf: '2025-06-30',
      stakeholders: [
        ...stakeholders.slice(0, 1).map((s) => ({ ...s, name: '=HYPERLINK("x"), Anna' })),
        ...stakeholders.slice(1),
      ],
      events,
      plans: [plan()],
    });
    const csv = capTableCsv(
      table,
      [
        { id: 'common', name: 'Common' },
        { id: 'prefA', name: 'Series A' },
      ],
      english,
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Holder,Group,Common,Series A,Awards vested,Awards unvested,Fully diluted,Fully diluted %',
    );
    expect(lines[1]).toBe(`"'=HYPERLINK(""x""), Anna",founders,4500,0,0,0,4500,36.0000`);
    expect(lines.at(-2)).toBe('ESOP 2024 (unallocated pool),pool,,,,,1500,12.0000');
    expect(lines.at(-1)).toBe('Total,,9000,2000,,,12500,100.0000');
  });

  it('CSV for a comma-decimal reader: semicolons, decimal commas, its labels', () => {
    const table = buildCapTable({
      asOf: '2025-06-30',
      stakeholders: [
        ...stakeholders.slice(0, 1).map((s) => ({ ...s, name: 'Vries; Anna de' })),
        ...stakeholders.slice(1),
      ],
      events,
      plans: [plan()],
    });
    const csv = capTableCsv(table, [{ id: 'common', name: 'Gewoon' }], {
      separator: ';',
      decimal: ',',
      labels: {
        ...english.labels,
        holder: 'Houder',
        total: 'Totaal',
        groups: { ...english.labels.groups, founders: 'oprichters' },
      },
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Houder;Group;Gewoon;Awards vested;Awards unvested;Fully diluted;Fully diluted %',
    );
    expect(lines[1]).toBe('"Vries; Anna de";oprichters;4500;0;0;4500;36,0000');
    expect(lines.at(-1)).toBe('Totaal;;9000;;;12500;100,0000');
  });
});

describe('apportionPercent', () => {
  it('rounds thirds so that they sum to exactly 100', () => {
    expect(apportionPercent([1, 1, 1])).toEqual(['33.3334', '33.3333', '33.3333']);
  });

  it('property: percentages always sum to 100.0000 and each is within one unit of exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e12 }), { minLength: 1, maxLength: 30 }),
        (parts) => {
          const total = parts.reduce((a, b) => a + b, 0);
          const percents = apportionPercent(parts);
          const units = percents.map((p) => BigInt(p.replace('.', '')));
          const sum = units.reduce((a, b) => a + b, 0n);
          expect(sum).toBe(total === 0 ? 0n : 1_000_000n);
          parts.forEach((part, i) => {
            if (total === 0) return;
            const exact = (part / total) * 1_000_000;
            expect(Math.abs(Number(units[i]) - exact)).toBeLessThan(1.001);
          });
        },
      ),
    );
  });
});

describe('receipt options backed by the STAK (issue 11: no double count)', () => {
  // The STAK holds 500 common (transfer 4 above). Receipt options under a 400-share pool, 150 of
  // them granted to an employee; 100 receipts already out to another employee.
  const withEmployee = [
    ...stakeholders,
    { id: 'emma', name: 'Emma Employee', relationship: 'employee' as const },
    { id: 'erik', name: 'Erik Employee', relationship: 'employee' as const },
  ];
  const receiptPlan = (backed: boolean, poolSize = 400): CapTablePlan => ({
    id: 'rp',
    name: 'Receipt options',
    poolSize,
    effectiveDate: null,
    adjustments: [],
    cashSettled: false,
    backedBy: backed ? { stakStakeholderId: 'stak', shareClassId: 'common' } : null,
  });
  const awards = [{ stakeholderId: 'emma', planId: 'rp', vested: 50, unvested: 100 }];
  const receipts = [
    { stakStakeholderId: 'stak', shareClassId: 'common', receiptCount: 100, date: '2024-08-01' },
  ];
  const table = (plan: CapTablePlan, asOf = '2025-01-01') =>
    buildCapTable({ asOf, stakeholders: withEmployee, events, plans: [plan], awards, receipts });

  it('counts the STAK shares that back the options and the pool once', () => {
    const unbacked = table(receiptPlan(false));
    const backed = table(receiptPlan(true));
    // Issued 11,000; options 150; pool 250 (400 − 150). Without backing: 11,400.
    expect(unbacked.totals.fullyDiluted).toBe(11_400);
    // 400 of the STAK's 400 free shares (500 − 100 receipts out) cover options and pool.
    const stak = backed.rows.find((r) => r.stakeholderId === 'stak')!;
    expect(stak.heldForPlans).toBe(400);
    expect(stak.fullyDiluted).toBe(100);
    expect(backed.totals.fullyDiluted).toBe(11_000);
    expect(backed.totals.shares).toBe(11_000);
  });

  it('only the part beyond the free STAK shares needs new shares', () => {
    const big = table(receiptPlan(true, 1000));
    // Free: 400; demand 150 options + 850 pool = 1000 → 600 counted on top of the shares.
    expect(big.rows.find((r) => r.stakeholderId === 'stak')!.heldForPlans).toBe(400);
    expect(big.totals.fullyDiluted).toBe(11_000 + 600);
  });

  it('receipts dated after the as-of date do not reduce the cover', () => {
    const early = table(receiptPlan(true), '2024-07-15');
    expect(early.rows.find((r) => r.stakeholderId === 'stak')!.heldForPlans).toBe(400);
    expect(early.totals.fullyDiluted).toBe(11_000);
  });

  it('percentages still add up to 100 and no row goes negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 500 }),
        (pool, out) => {
          const t = buildCapTable({
            asOf: '2025-01-01',
            stakeholders: withEmployee,
            events,
            plans: [receiptPlan(true, pool)],
            awards: [],
            receipts: [{ ...receipts[0]!, receiptCount: out }],
          });
          for (const row of t.rows) expect(row.fullyDiluted).toBeGreaterThanOrEqual(0);
          const sum =
            t.rows.reduce((s, r) => s + Number(r.fullyDilutedPercent.replace('.', '')), 0) +
            t.pools.reduce((s, p) => s + Number(p.fullyDilutedPercent.replace('.', '')), 0);
          if (t.totals.fullyDiluted > 0) expect(sum).toBe(1_000_000);
          expect(t.totals.fullyDiluted).toBe(11_000 + Math.max(0, pool - (500 - out)));
        },
      ),
    );
  });
});
