import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/demo/seed';
import { user } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { createTestApp, silentLogger, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo workspace (npm run demo)', () => {
  it('seeds a verified demo lawyer with 25 NL/BE/DE clients, once', async () => {
    await seedDemo({ database: t.database, auth: t.auth, logger: silentLogger });
    await seedDemo({ database: t.database, auth: t.auth, logger: silentLogger });
    expect(await t.db.select().from(user).where(eq(user.email, DEMO_EMAIL))).toHaveLength(1);

    const session = await t.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    const list = await (
      await t.request('/api/v1/company?limit=200', { cookie: session.cookie })
    ).json();
    expect(list.total).toBe(25);
    const countries = new Set(list.items.map((c: { country: string }) => c.country));
    expect([...countries].sort()).toEqual(['BE', 'DE', 'NL']);
  });
});
