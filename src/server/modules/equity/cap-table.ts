import { and, count, eq, isNull, lte } from 'drizzle-orm';
import type { CapTableResponse, CompanySummary } from '../../../contracts/equity';
import { buildCapTable, poolReserved } from '../../../domain/cap-table';
import { percentString } from '../../../domain/decimal';
import { replayLedger } from '../../../domain/share-ledger';
import type { StakeholderRelationship } from '../../../domain/equity';
import { concurrently } from '../../db/concurrently';
import { depositaryReceipt, shareClass, stakeholder } from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { awardsOf } from '../grants/load';
import { loadPlans, toCapTablePlan } from './plans';
import { loadLedgerEvents } from './register';
import { checkCompany } from './shared';
import { today } from '../../clock';

/** The fully diluted cap table as of a date (default today). */
export async function getCapTable({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; asOf?: string }>): Promise<CapTableResponse> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const asOf = input.asOf ?? today();
  // A valuation derives its fully diluted shares from here inside its transaction.
  const [people, classes, events, plans, receipts] = await concurrently(db, [
    () =>
      db
        .select({
          id: stakeholder.id,
          name: stakeholder.name,
          relationship: stakeholder.relationship,
        })
        .from(stakeholder)
        .where(and(eq(stakeholder.companyId, input.companyId), isNull(stakeholder.deletedAt))),
    () =>
      db
        .select({
          id: shareClass.id,
          name: shareClass.name,
          classType: shareClass.classType,
          seniority: shareClass.seniority,
        })
        .from(shareClass)
        .where(eq(shareClass.companyId, input.companyId)),
    // Only what the replay up to the date reads: no receipts, no later events.
    () => loadLedgerEvents(db, input.companyId, asOf),
    () => loadPlans(db, input.companyId),
    // Receipts out by the date: a STAK's other shares back its receipt options (issue 11).
    () =>
      db
        .select({
          stakStakeholderId: depositaryReceipt.stakStakeholderId,
          shareClassId: depositaryReceipt.shareClassId,
          receiptCount: depositaryReceipt.receiptCount,
          date: depositaryReceipt.date,
        })
        .from(depositaryReceipt)
        .where(
          and(eq(depositaryReceipt.companyId, input.companyId), lte(depositaryReceipt.date, asOf)),
        ),
  ]);
  const grants = await awardsOf(db, input.companyId, asOf);
  const table = buildCapTable({
    asOf,
    stakeholders: people.map((p) => ({
      ...p,
      relationship: p.relationship as StakeholderRelationship,
    })),
    events,
    plans: plans.map((p) => ({
      ...toCapTablePlan(p.row, p.adjustments),
      granted: grants.granted.get(p.row.id) ?? 0,
    })),
    awards: grants.awards,
    receipts,
  });
  classes.sort((a, b) => a.seniority - b.seniority || a.name.localeCompare(b.name));
  return {
    ...table,
    shareClasses: classes.map((c) => ({
      id: c.id,
      name: c.name,
      classType: c.classType as 'common' | 'preferred',
    })),
  };
}

/** Key figures of the company overview. */
export async function getCompanySummary({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<CompanySummary> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const asOf = today();
  const [[people], [classes], events, plans] = await concurrently(db, [
    () =>
      db
        .select({ n: count() })
        .from(stakeholder)
        .where(and(eq(stakeholder.companyId, input.companyId), isNull(stakeholder.deletedAt))),
    () =>
      db.select({ n: count() }).from(shareClass).where(eq(shareClass.companyId, input.companyId)),
    () => loadLedgerEvents(db, input.companyId, asOf),
    () => loadPlans(db, input.companyId),
  ]);
  const { holdings } = replayLedger(events, { asOf });
  const holders = new Set<string>();
  let sharesOutstanding = 0;
  for (const byHolder of holdings.values()) {
    for (const [id, h] of byHolder) {
      if (h.count > 0) holders.add(id);
      sharesOutstanding += h.count;
    }
  }
  let reserved = 0;
  let granted = 0;
  for (const p of plans) {
    const plan = toCapTablePlan(p.row, p.adjustments);
    if (plan.cashSettled) continue;
    reserved += poolReserved(plan, asOf);
    granted += p.granted;
  }
  return {
    stakeholders: people!.n,
    shareholders: holders.size,
    shareClasses: classes!.n,
    plans: plans.length,
    sharesOutstanding,
    poolReserved: reserved,
    poolGranted: granted,
    poolUsedPercent: reserved > 0 ? percentString(BigInt(granted), BigInt(reserved), 1) : null,
  };
}
