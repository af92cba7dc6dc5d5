import { systemNow } from '../../src/server/clock';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { member, session } from '../../src/server/db/schema';
import type { TestApp } from './app';

/** A new user made a member of `organizationId` with `role`, working in that workspace. */
export async function joinAs(t: TestApp, organizationId: string, role: string, name?: string) {
  const user = await t.signUp(name ? { name } : {});
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
  return user;
}
