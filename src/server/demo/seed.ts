import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CompanyCreate } from '../../contracts/company';
import { companyCreateSchema } from '../../contracts/company';
import type { Auth } from '../auth/auth';
import { today } from '../clock';
import type { DatabaseHandle } from '../db/client';
import {
  account,
  auditEvent,
  company,
  depositaryReceipt,
  equityPlan,
  grant,
  grantExercise,
  grantSettlement,
  member,
  organization,
  poolAdjustment,
  shareClass,
  shareEvent,
  stakeholder,
  user,
  valuation,
  vestingTemplate,
} from '../db/schema';
import type { Logger } from '../logger';
import { buildDemoAudit } from './build-audit';
import { buildDemoEquity } from './build-equity';
import { buildDemoGrants } from './build-grants';
import {
  demoFullyDiluted,
  demoSettlements,
  demoValuationRow,
  planDemoValuations,
} from './build-valuations';
import { bulkInsert } from './bulk-insert';
import { DEMO_COMPANIES } from './companies';

export const DEMO_EMAIL = 'demo@esop-crm.local';
export const DEMO_PASSWORD = 'demo-lawyer-2026';
export const DEMO_NAME = 'Demi de Vries';

const newId = () => randomBytes(16).toString('hex');

/**
 * `npm run demo`: a verified demo lawyer with a workspace of 25 client companies across NL, BE
 * and DE, each with its equity structure (stakeholders, share classes, the register, STAK
 * receipts, plans and pools; ./equity.ts), vesting templates and grants with leavers and
 * exercises (./build-grants.ts), and valuation histories with the cash settlements of the
 * exercises they price (./build-valuations.ts). One transaction of bulk inserts. Idempotent: an
 * existing demo account is left as it is.
 */
export async function seedDemo(ctx: { database: DatabaseHandle; auth: Auth; logger: Logger }) {
  const { db } = ctx.database;
  const existing = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_EMAIL))
    .limit(1);
  if (existing.length === 0) {
    const authContext = await ctx.auth.$context;
    const passwordHash = await authContext.password.hash(DEMO_PASSWORD);
    const now = new Date();
    const userId = newId();
    const organizationId = newId();
    const companies: CompanyCreate[] = DEMO_COMPANIES.map((c) => companyCreateSchema.parse(c));
    // Spread creation times over the past months so "created" sorting means something.
    const companyRows = companies.map((c, i) => {
      const createdAt = new Date(now.getTime() - (companies.length - i) * 3 * 86_400_000);
      return {
        ...c,
        id: randomUUID(),
        organizationId,
        responsibleUserId: userId,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const equity = buildDemoEquity(organizationId, companyRows);
    const grants = buildDemoGrants(organizationId, companyRows, equity, today());
    const valuationSpecs = planDemoValuations(organizationId, companyRows, equity, today());
    let valuationCount = 0;
    let settlementCount = 0;
    await db.transaction(async (tx) => {
      await tx.insert(user).values({
        id: userId,
        name: DEMO_NAME,
        email: DEMO_EMAIL,
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(account).values({
        id: newId(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(organization).values({
        id: organizationId,
        name: 'De Vries Advocaten',
        slug: `de-vries-advocaten-${randomBytes(3).toString('hex')}`,
        createdAt: now,
      });
      await tx
        .insert(member)
        .values({ id: newId(), organizationId, userId, role: 'owner', createdAt: now });
      await tx.insert(company).values(companyRows);
      await bulkInsert(tx, stakeholder, equity.stakeholders);
      await bulkInsert(tx, shareClass, equity.shareClasses);
      await bulkInsert(tx, shareEvent, equity.shareEvents);
      await bulkInsert(tx, depositaryReceipt, equity.receipts);
      await bulkInsert(tx, vestingTemplate, grants.templates);
      await bulkInsert(tx, equityPlan, equity.plans);
      await bulkInsert(tx, poolAdjustment, equity.poolAdjustments);
      await bulkInsert(tx, grant, grants.grants);
      await bulkInsert(tx, shareEvent, grants.shareEvents);
      await bulkInsert(tx, depositaryReceipt, grants.receipts);
      await bulkInsert(tx, grantExercise, grants.exercises);
      // Valuations take the cap table's fully diluted shares as of their date, as the API does
      // when the figure is omitted: read once the register, plans and grants are written.
      const fullyDiluted = await demoFullyDiluted(tx, organizationId, valuationSpecs);
      const valuations = valuationSpecs.map((spec, i) => demoValuationRow(spec, fullyDiluted[i]!));
      await bulkInsert(tx, valuation, valuations);
      const settlements = demoSettlements(grants, equity.plans, valuations);
      await bulkInsert(tx, grantSettlement, settlements);
      // The activity tabs show how the demo came about, as if entered by the demo lawyer.
      await bulkInsert(
        tx,
        auditEvent,
        buildDemoAudit({
          organizationId,
          userId,
          userName: DEMO_NAME,
          companies: companyRows,
          equity,
          grants,
          valuations,
          settlements,
        }),
      );
      valuationCount = valuations.length;
      settlementCount = settlements.length;
    });
    ctx.logger.info(
      `Demo workspace created with ${companies.length} client companies, ` +
        `${equity.stakeholders.length} stakeholders, ${equity.shareEvents.length} register events ` +
        `${equity.plans.length} plans, ${grants.templates.length} vesting templates, ` +
        `${grants.grants.length} grants, ${grants.exercises.length} exercises ` +
        `(${settlementCount} cash settlements) and ${valuationCount} valuations.`,
    );
  }
  ctx.logger.info(
    [
      '',
      '  Demo account',
      `    E-mail:   ${DEMO_EMAIL}`,
      `    Password: ${DEMO_PASSWORD}`,
      '',
    ].join('\n'),
  );
}
