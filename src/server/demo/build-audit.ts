import { now } from '../clock';
import type { VestingTerms } from '../../domain/vesting';
import type {
  auditEvent,
  company,
  grant,
  grantExercise,
  grantSettlement,
  valuation,
} from '../db/schema';
import type { DemoEquityRows } from './build-equity';
import type { DemoGrantRows } from './build-grants';
import { snapshot, type Changes } from '../modules/audit/service';

type AuditRow = typeof auditEvent.$inferInsert;

/** The milestones of a grant's terms, those of combined terms' parts included. */
function milestonesOf(terms: VestingTerms) {
  if (terms.type === 'milestone') return terms.milestones;
  if (terms.type === 'combined')
    return terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []));
  return [];
}

/**
 * The activity a lawyer would have left by entering the demo by hand (issue 11: demo grants and
 * exercises had no audit rows; issue 12: nor had the vesting templates, achieved milestones,
 * leaves of absence and cash settlements): one `create` per vesting template, company,
 * stakeholder, share class, register event, receipt line, plan, pool adjustment, grant, exercise
 * (with its cash settlement) and valuation, plus the grant events (milestone achieved, leave of
 * absence, termination, cancellation) — with the same entity types and change shapes the services
 * write, by the demo lawyer.
 */
export function buildDemoAudit(args: {
  organizationId: string;
  userId: string;
  userName: string;
  companies: (typeof company.$inferInsert & { id: string })[];
  equity: DemoEquityRows;
  grants: DemoGrantRows;
  valuations: (typeof valuation.$inferInsert)[];
  settlements: (typeof grantSettlement.$inferInsert)[];
}): AuditRow[] {
  const { organizationId, userId, userName } = args;
  const rows: AuditRow[] = [];
  // Each company's events follow its creation a second apart, in the order they were entered.
  const clock = new Map(
    args.companies.map((c) => [c.id, (c.createdAt ?? now()).getTime()] as const),
  );
  const add = (
    entityType: string,
    entityId: string | undefined,
    companyId: string | null | undefined,
    changes: Changes,
    action: 'create' | 'update' = 'create',
    when?: Date,
  ) => {
    if (!entityId) return;
    const at =
      when?.getTime() ?? (companyId ? (clock.get(companyId) ?? now().getTime()) : now().getTime());
    if (companyId) clock.set(companyId, at + 1000);
    rows.push({
      createdAt: new Date(at),
      organizationId,
      actorUserId: userId,
      actorName: userName,
      action,
      entityType,
      entityId,
      companyId: companyId ?? null,
      changes,
    });
  };
  const { equity, grants } = args;
  // The workspace's templates: no company's activity tab lists them (they belong to none).
  for (const x of grants.templates) {
    add(
      'vesting_template',
      x.id,
      null,
      snapshot({ name: x.name, description: x.description, terms: x.terms }),
      'create',
      x.createdAt,
    );
  }
  for (const c of args.companies) {
    add('company', c.id, c.id, snapshot({ companyName: c.companyName, city: c.city }));
  }
  for (const s of equity.stakeholders) {
    add('stakeholder', s.id, s.companyId, snapshot({ name: s.name, kind: s.kind }));
  }
  for (const c of equity.shareClasses) {
    add('share_class', c.id, c.companyId, snapshot({ name: c.name, classType: c.classType }));
  }
  for (const e of [...equity.shareEvents, ...grants.shareEvents]) {
    add(
      'share_event',
      e.id,
      e.companyId,
      snapshot({ type: e.type, date: e.date, shareCount: e.shareCount }),
    );
  }
  for (const r of [...equity.receipts, ...grants.receipts]) {
    add(
      'depositary_receipt',
      r.id,
      r.companyId,
      snapshot({ date: r.date, receiptCount: r.receiptCount }),
    );
  }
  for (const p of equity.plans) {
    add('plan', p.id, p.companyId, snapshot({ name: p.name, poolSize: p.poolSize }));
  }
  for (const a of equity.poolAdjustments) {
    add('pool_adjustment', a.id, a.companyId, snapshot({ date: a.date, shareCount: a.shareCount }));
  }
  for (const g of grants.grants as (typeof grant.$inferInsert)[]) {
    add(
      'grant',
      g.id,
      g.companyId,
      snapshot({
        stakeholderId: g.stakeholderId,
        planId: g.planId,
        quantity: g.quantity,
        grantDate: g.grantDate,
        vestingStartDate: g.vestingStartDate,
        status: g.status,
      }),
    );
    // Achieved milestones and leaves of absence, as recorded afterwards on the grant's page.
    const achieved = milestonesOf(g.terms as VestingTerms)
      .filter((m) => m.achievedDate)
      .sort((a, b) => (a.achievedDate! < b.achievedDate! ? -1 : 1));
    for (const m of achieved)
      add(
        'grant',
        g.id,
        g.companyId,
        { [`milestone ${m.name}`]: { from: null, to: m.achievedDate } },
        'update',
      );
    for (const p of g.pauses ?? [])
      add(
        'grant',
        g.id,
        g.companyId,
        { 'leave of absence': { from: null, to: `${p.start} – ${p.end}` } },
        'update',
      );
    if (g.terminationDate && g.leaverType) {
      add(
        'grant',
        g.id,
        g.companyId,
        { termination: { from: null, to: `${g.terminationDate} (${g.leaverType} leaver)` } },
        'update',
      );
    }
    if (g.cancelledDate) {
      add('grant', g.id, g.companyId, { cancelled: { from: null, to: g.cancelledDate } }, 'update');
    }
  }
  const settlementOf = new Map(args.settlements.map((x) => [x.exerciseId, x]));
  for (const x of grants.exercises as (typeof grantExercise.$inferInsert)[]) {
    const settlement = x.id ? settlementOf.get(x.id) : undefined;
    add(
      'grant_exercise',
      x.id,
      x.companyId,
      snapshot({
        grant: x.grantId,
        date: x.date,
        quantity: x.quantity,
        settlementAmount: settlement ? `${settlement.amount} ${settlement.currency}` : null,
        fmvPerShare: settlement?.fmvPerShare ?? null,
      }),
    );
  }
  for (const v of args.valuations) {
    add(
      'valuation',
      v.id,
      v.companyId,
      snapshot({ effectiveDate: v.effectiveDate, purpose: v.purpose, method: v.method }),
    );
  }
  return rows;
}
