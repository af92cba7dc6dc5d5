import { systemNow } from '../../src/server/clock';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { company, member, session, task } from '../../src/server/db/schema';
import type { TestApp } from './app';
import { ok } from './equity';

type User = { cookie: string; userId: string; organizationId: string };

/** Adds `user` to `organizationId` with `role` and makes it their active workspace. */
export async function joinWorkspace<U extends User>(
  t: TestApp,
  user: U,
  organizationId: string,
  role: string,
): Promise<U> {
  await t.db.insert(member).values({
    id: randomBytes(8).toString('hex'),
    organizationId,
    userId: user.userId,
    role,
    createdAt: systemNow(),
  });
  await t.db
    .update(session)
    .set({ activeOrganizationId: organizationId })
    .where(eq(session.userId, user.userId));
  return { ...user, organizationId };
}

/** The month `months` before an ISO date (same day; the test dates avoid month ends). */
function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A client company (responsible lawyer `responsibleUserId`) with one phantom grant of Eve
 * Employee under "Phantom Plan" whose one-year cliff falls on `cliffDate`.
 */
export async function companyWithCliff(
  t: TestApp,
  owner: { cookie: string },
  input: { name: string; cliffDate: string; responsibleUserId: string },
) {
  const { id: companyId } = await ok<{ id: string }>(t, owner.cookie, '/company', 'POST', {
    companyName: input.name,
  });
  await t.db
    .update(company)
    .set({ responsibleUserId: input.responsibleUserId })
    .where(eq(company.id, companyId));
  const base = `/company/${companyId}`;
  const person = await ok<{ id: string }>(t, owner.cookie, `${base}/stakeholders`, 'POST', {
    name: 'Eve Employee',
    relationship: 'employee',
  });
  const plan = await ok<{ id: string }>(t, owner.cookie, `${base}/plans`, 'POST', {
    name: 'Phantom Plan',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  const start = monthsBefore(input.cliffDate, 12);
  const grant = await ok<{ id: string }>(t, owner.cookie, `${base}/grants`, 'POST', {
    stakeholderId: person.id,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '1.00',
    grantDate: start,
    vestingStartDate: start,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  return { companyId, grantId: grant.id };
}

/** A task, written straight to the table (the tasks API is another module's). */
export async function addTask(
  t: TestApp,
  input: {
    organizationId: string;
    assigneeId: string;
    title: string;
    dueDate: string | null;
    dueTime?: string | null;
    status?: 'open' | 'waiting' | 'done';
    companyId?: string | null;
    description?: string | null;
  },
) {
  const [row] = await t.db
    .insert(task)
    .values({
      organizationId: input.organizationId,
      assigneeId: input.assigneeId,
      title: input.title,
      description: input.description ?? null,
      dueDate: input.dueDate,
      dueTime: input.dueTime ?? null,
      status: input.status ?? 'open',
      companyId: input.companyId ?? null,
      createdBy: input.assigneeId,
      createdByName: 'Test',
    })
    .returning({ id: task.id });
  return row!.id;
}
