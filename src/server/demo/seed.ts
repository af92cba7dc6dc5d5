import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { CompanyCreate } from '../../contracts/company';
import { companyCreateSchema } from '../../contracts/company';
import type { Auth } from '../auth/auth';
import { now as clockNow, timeZone, today } from '../clock';
import type { DatabaseHandle } from '../db/client';
import {
  account,
  auditEvent,
  company,
  contact,
  depositaryReceipt,
  equityPlan,
  grant,
  grantExercise,
  grantSettlement,
  member,
  note,
  noteParticipant,
  organization,
  poolAdjustment,
  shareClass,
  shareEvent,
  stakeholder,
  task,
  user,
  valuation,
  vestingTemplate,
} from '../db/schema';
import type { Logger } from '../logger';
import { buildDemoAudit } from './build-audit';
import { buildDemoEquity } from './build-equity';
import { buildDemoGrants } from './build-grants';
import { buildDemoPractice, DEMO_COLLEAGUES, demoResponsibleLawyer } from './build-practice';
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
 * exercises they price (./build-valuations.ts); two colleagues of the demo lawyer who are
 * responsible for six of the clients, and the practice's daily work: contacts, a year of notes
 * and each lawyer's tasks (./build-practice.ts). One transaction of bulk inserts. Idempotent: an
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
    const now = clockNow();
    const userId = newId();
    const organizationId = newId();
    // The demo lawyer's colleagues: members without a password (better-auth answers their
    // sign-in as a wrong password; "forgot password" gives them one). Reused when they exist.
    const known = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(
        inArray(
          user.email,
          DEMO_COLLEAGUES.map((c) => c.email),
        ),
      );
    const colleagues = DEMO_COLLEAGUES.map((c) => ({
      ...c,
      id: known.find((k) => k.email === c.email)?.id ?? newId(),
      exists: known.some((k) => k.email === c.email),
    }));
    const lawyers = [{ id: userId, name: DEMO_NAME }, ...colleagues];
    const companies: CompanyCreate[] = DEMO_COMPANIES.map((c) => companyCreateSchema.parse(c));
    // Spread creation times over the past months so "created" sorting means something.
    const companyRows = companies.map((c, i) => {
      const createdAt = new Date(now.getTime() - (companies.length - i) * 3 * 86_400_000);
      return {
        ...c,
        id: randomUUID(),
        organizationId,
        responsibleUserId: lawyers[demoResponsibleLawyer(c.companyName)]!.id,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const equity = buildDemoEquity(organizationId, companyRows);
    const grants = buildDemoGrants(organizationId, companyRows, equity, today());
    const valuationSpecs = planDemoValuations(organizationId, companyRows, equity, today());
    let valuationCount = 0;
    let settlementCount = 0;
    let practice: ReturnType<typeof buildDemoPractice> | undefined;
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
      const newColleagues = colleagues.filter((c) => !c.exists);
      if (newColleagues.length > 0)
        await tx.insert(user).values(
          newColleagues.map((c) => ({
            id: c.id,
            name: c.name,
            email: c.email,
            emailVerified: true,
            locale: 'nl',
            createdAt: now,
            updatedAt: now,
          })),
        );
      await tx.insert(member).values(
        colleagues.map((c) => ({
          id: newId(),
          organizationId,
          userId: c.id,
          role: 'member',
          createdAt: now,
        })),
      );
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
      // The practice's daily work (issue 15): contacts, a year of notes, the lawyers' tasks.
      practice = buildDemoPractice({
        organizationId,
        lawyers,
        companies: companyRows,
        equity,
        grants,
        valuations,
        today: today(),
        timeZone: timeZone(),
      });
      await bulkInsert(tx, contact, practice.contacts);
      await bulkInsert(tx, note, practice.notes);
      await bulkInsert(tx, noteParticipant, practice.participants);
      await bulkInsert(tx, task, practice.tasks);
      valuationCount = valuations.length;
      settlementCount = settlements.length;
    });
    ctx.logger.info(
      `Demo workspace created with ${companies.length} client companies, ` +
        `${equity.stakeholders.length} stakeholders, ${equity.shareEvents.length} register events ` +
        `${equity.plans.length} plans, ${grants.templates.length} vesting templates, ` +
        `${grants.grants.length} grants, ${grants.exercises.length} exercises ` +
        `(${settlementCount} cash settlements), ${valuationCount} valuations, ` +
        `${practice?.contacts.length} contacts, ${practice?.notes.length} notes and ` +
        `${practice?.tasks.length} tasks of ${lawyers.length} lawyers.`,
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
