import { sheetCsv, type Sheet, type SheetColumn, type SheetValue } from './csv';
import { formatScaled } from './decimal';
import {
  holderGroup,
  HOLDER_GROUPS,
  type HolderGroup,
  type StakeholderRelationship,
} from './equity';
import { holdingsByStakeholder, replayLedger, type LedgerEvent } from './share-ledger';

/**
 * The fully diluted cap table as of a date (issue 4): shares from the register's replay, plus
 * outstanding awards, plus each share-settled plan's unallocated pool (domain.md "Valuations":
 * fully diluted = issued shares + outstanding awards + unallocated pool).
 */

export interface CapTableStakeholder {
  id: string;
  name: string;
  relationship: StakeholderRelationship;
}

export interface CapTablePlan {
  id: string;
  name: string;
  /** Shares reserved when the plan was set up. */
  poolSize: number;
  /** The pool counts from this date (board approval); null: from the start. */
  effectiveDate: string | null;
  /** Dated changes of the reserve (positive or negative). */
  adjustments: readonly { date: string; shareCount: number }[];
  /** Cash-settled plans (phantom, SAR, virtual) never create shares: not in the fully diluted count. */
  cashSettled: boolean;
  /**
   * Options on depositary receipts: the STAK and share class whose shares back them. Shares the
   * STAK already holds without receipts out cover the plan's options and pool; they are not
   * counted twice (issue 11).
   */
  backedBy?: { stakStakeholderId: string; shareClassId: string } | null;
  /**
   * Taken from the pool by the as-of date (outstanding, exercised, and forfeited-and-retired
   * awards); defaults to the outstanding awards given.
   */
  granted?: number;
}

/** A stakeholder's outstanding awards under one plan as of the date (filled by the grants issue). */
export interface CapTableAward {
  stakeholderId: string;
  planId: string;
  vested: number;
  unvested: number;
}

export interface CapTableRow {
  stakeholderId: string;
  name: string;
  group: HolderGroup;
  shares: Record<string, number>;
  awardsVested: number;
  awardsUnvested: number;
  /**
   * A STAK's shares without receipts out that back receipt options and their pool: already in the
   * options and the pool, so left out of this row's fully diluted count.
   */
  heldForPlans: number;
  fullyDiluted: number;
  fullyDilutedPercent: string;
}

export interface CapTablePool {
  planId: string;
  name: string;
  reserved: number;
  granted: number;
  available: number;
  cashSettled: boolean;
  fullyDilutedPercent: string;
}

export interface CapTable {
  asOf: string;
  rows: CapTableRow[];
  pools: CapTablePool[];
  groups: { group: HolderGroup; fullyDiluted: number; fullyDilutedPercent: string }[];
  totals: { shares: number; sharesByClass: Record<string, number>; fullyDiluted: number };
}

export const PERCENT_DIGITS = 4;

/**
 * Percentages of `parts` in their total, with `digits` fraction digits, that add up to exactly
 * 100 (largest remainder: the rounding units left over go to the largest remainders).
 */
export function apportionPercent(parts: readonly number[], digits = PERCENT_DIGITS): string[] {
  const total = parts.reduce((sum, p) => sum + BigInt(p), 0n);
  if (total === 0n) return parts.map(() => formatScaled(0n, digits));
  const units = 100n * 10n ** BigInt(digits);
  const floors = parts.map((p) => (BigInt(p) * units) / total);
  const remainders = parts.map((p, i) => ({ i, r: BigInt(p) * units - floors[i]! * total }));
  let left = units - floors.reduce((s, f) => s + f, 0n);
  remainders.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    floors[i]! += 1n;
    left -= 1n;
  }
  return floors.map((f) => formatScaled(f, digits));
}

/** The pool a plan has reserved on `asOf`: its size from the effective date plus adjustments so far. */
export function poolReserved(plan: CapTablePlan, asOf: string): number {
  if (plan.effectiveDate && plan.effectiveDate > asOf) return 0;
  return plan.adjustments.reduce(
    (sum, a) => (a.date <= asOf ? sum + a.shareCount : sum),
    plan.poolSize,
  );
}

/** Builds the cap table as of `asOf` (ISO date) from the register and the plans. */
export function buildCapTable(input: {
  asOf: string;
  stakeholders: readonly CapTableStakeholder[];
  events: readonly LedgerEvent[];
  plans: readonly CapTablePlan[];
  awards?: readonly CapTableAward[];
  /** The receipt register (lines dated after `asOf` are ignored). */
  receipts?: readonly {
    stakStakeholderId: string;
    shareClassId: string;
    receiptCount: number;
    date: string;
  }[];
}): CapTable {
  const { holdings } = replayLedger(input.events, { asOf: input.asOf });
  const shares = holdingsByStakeholder(holdings);
  const cashPlans = new Set(input.plans.filter((p) => p.cashSettled).map((p) => p.id));

  const awardsBy = new Map<string, { vested: number; unvested: number }>();
  const grantedBy = new Map<string, number>();
  for (const award of input.awards ?? []) {
    grantedBy.set(award.planId, (grantedBy.get(award.planId) ?? 0) + award.vested + award.unvested);
    if (cashPlans.has(award.planId)) continue;
    const sum = awardsBy.get(award.stakeholderId) ?? { vested: 0, unvested: 0 };
    sum.vested += award.vested;
    sum.unvested += award.unvested;
    awardsBy.set(award.stakeholderId, sum);
  }

  const pools = input.plans.map((plan) => {
    const reserved = poolReserved(plan, input.asOf);
    const granted = plan.granted ?? grantedBy.get(plan.id) ?? 0;
    return {
      planId: plan.id,
      name: plan.name,
      reserved,
      granted,
      available: Math.max(0, reserved - granted),
      cashSettled: plan.cashSettled,
    };
  });

  // Receipt options backed by a STAK's shares: the STAK's shares without receipts out cover the
  // plan's outstanding options and its unallocated pool first; only the rest needs new shares.
  const free = new Map<string, number>();
  const key = (stak: string, classId: string) => `${stak}\u0000${classId}`;
  for (const plan of input.plans) {
    const b = plan.backedBy;
    if (!b || plan.cashSettled) continue;
    const k = key(b.stakStakeholderId, b.shareClassId);
    if (!free.has(k)) free.set(k, shares.get(b.stakStakeholderId)?.[b.shareClassId] ?? 0);
  }
  for (const r of input.receipts ?? []) {
    const k = key(r.stakStakeholderId, r.shareClassId);
    if (r.date <= input.asOf && free.has(k)) free.set(k, free.get(k)! - r.receiptCount);
  }
  const outstandingBy = new Map<string, number>();
  for (const award of input.awards ?? [])
    outstandingBy.set(
      award.planId,
      (outstandingBy.get(award.planId) ?? 0) + award.vested + award.unvested,
    );
  const heldForPlans = new Map<string, number>();
  input.plans.forEach((plan, i) => {
    const b = plan.backedBy;
    if (!b || plan.cashSettled) return;
    const k = key(b.stakStakeholderId, b.shareClassId);
    const demand = (outstandingBy.get(plan.id) ?? 0) + pools[i]!.available;
    const covered = Math.max(0, Math.min(free.get(k)!, demand));
    free.set(k, free.get(k)! - covered);
    heldForPlans.set(b.stakStakeholderId, (heldForPlans.get(b.stakStakeholderId) ?? 0) + covered);
  });

  const sharesByClass: Record<string, number> = {};
  const rows: Omit<CapTableRow, 'fullyDilutedPercent'>[] = [];
  for (const stakeholder of input.stakeholders) {
    const held = shares.get(stakeholder.id) ?? {};
    const awards = awardsBy.get(stakeholder.id) ?? { vested: 0, unvested: 0 };
    const shareTotal = Object.values(held).reduce((s, n) => s + n, 0);
    if (shareTotal === 0 && awards.vested + awards.unvested === 0) continue;
    for (const [classId, n] of Object.entries(held))
      sharesByClass[classId] = (sharesByClass[classId] ?? 0) + n;
    rows.push({
      stakeholderId: stakeholder.id,
      name: stakeholder.name,
      group: holderGroup(stakeholder.relationship),
      shares: held,
      awardsVested: awards.vested,
      awardsUnvested: awards.unvested,
      heldForPlans: heldForPlans.get(stakeholder.id) ?? 0,
      fullyDiluted:
        shareTotal - (heldForPlans.get(stakeholder.id) ?? 0) + awards.vested + awards.unvested,
    });
  }
  rows.sort((a, b) => b.fullyDiluted - a.fullyDiluted || a.name.localeCompare(b.name));

  const poolCounts = pools.map((p) => (p.cashSettled ? 0 : p.available));
  const percents = apportionPercent([...rows.map((r) => r.fullyDiluted), ...poolCounts]);
  const fullyDiluted =
    rows.reduce((s, r) => s + r.fullyDiluted, 0) + poolCounts.reduce((s, n) => s + n, 0);

  const groupTotals = new Map<HolderGroup, number>(HOLDER_GROUPS.map((g) => [g, 0]));
  for (const row of rows)
    groupTotals.set(row.group, groupTotals.get(row.group)! + row.fullyDiluted);
  groupTotals.set(
    'pool',
    poolCounts.reduce((s, n) => s + n, 0),
  );
  const groupPercents = apportionPercent(HOLDER_GROUPS.map((g) => groupTotals.get(g)!));

  return {
    asOf: input.asOf,
    rows: rows.map((row, i) => ({ ...row, fullyDilutedPercent: percents[i]! })),
    pools: pools.map((pool, i) => ({ ...pool, fullyDilutedPercent: percents[rows.length + i]! })),
    groups: HOLDER_GROUPS.map((group, i) => ({
      group,
      fullyDiluted: groupTotals.get(group)!,
      fullyDilutedPercent: groupPercents[i]!,
    })),
    totals: {
      shares: Object.values(sharesByClass).reduce((s, n) => s + n, 0),
      sharesByClass,
      fullyDiluted,
    },
  };
}

/**
 * How a cap table CSV is written for its reader (issue 12): the labels in their language, and the
 * separators their spreadsheet expects. Dutch Excel reads `;` between fields and `,` as the
 * decimal point; English reads `,` and `.`.
 */
export interface CapTableCsvFormat {
  /** Between fields: `,`, or `;` where the decimal point is a comma. */
  separator: string;
  /** The decimal point of percentages: `.` or `,`. */
  decimal: string;
  labels: {
    holder: string;
    group: string;
    awardsVested: string;
    awardsUnvested: string;
    fullyDiluted: string;
    fullyDilutedPercent: string;
    total: string;
    groups: Record<HolderGroup, string>;
    /** A plan's unallocated pool row: "ESOP 2024 (unallocated pool)". */
    pool: (name: string, cashSettled: boolean) => string;
  };
}

/** The cap table as a sheet (issue 13): the model its CSV and its workbook are written from. */
export function capTableSheet(
  table: CapTable,
  shareClasses: readonly { id: string; name: string }[],
  labels: CapTableCsvFormat['labels'] & { sheet?: string },
): Sheet {
  const columns: SheetColumn[] = [
    { header: labels.holder, kind: 'text' },
    { header: labels.group, kind: 'text' },
    ...shareClasses.map((c): SheetColumn => ({ header: c.name, kind: 'count' })),
    { header: labels.awardsVested, kind: 'count' },
    { header: labels.awardsUnvested, kind: 'count' },
    { header: labels.fullyDiluted, kind: 'count' },
    { header: labels.fullyDilutedPercent, kind: 'percent' },
  ];
  const rows: SheetValue[][] = [];
  for (const row of table.rows) {
    rows.push([
      row.name,
      labels.groups[row.group],
      ...shareClasses.map((c) => row.shares[c.id] ?? 0),
      row.awardsVested,
      row.awardsUnvested,
      row.fullyDiluted,
      row.fullyDilutedPercent,
    ]);
  }
  for (const pool of table.pools) {
    rows.push([
      labels.pool(pool.name, pool.cashSettled),
      labels.groups.pool,
      ...shareClasses.map(() => null),
      null,
      null,
      pool.cashSettled ? 0 : pool.available,
      pool.fullyDilutedPercent,
    ]);
  }
  rows.push([
    labels.total,
    null,
    ...shareClasses.map((c) => table.totals.sharesByClass[c.id] ?? 0),
    null,
    null,
    table.totals.fullyDiluted,
    table.totals.fullyDiluted > 0 ? '100.0000' : '0.0000',
  ]);
  return { name: labels.sheet ?? 'Cap table', columns, rows, totalRows: [rows.length - 1] };
}

/**
 * The cap table as CSV (RFC 4180, with the reader's separators): one column per share class,
 * then awards and fully diluted. Counts are plain digits (no grouping), so a spreadsheet reads
 * them as numbers; text is neutralized against formulas (`csv.ts`).
 */
export function capTableCsv(
  table: CapTable,
  shareClasses: readonly { id: string; name: string }[],
  format: CapTableCsvFormat,
): string {
  return sheetCsv(capTableSheet(table, shareClasses, format.labels), format);
}
