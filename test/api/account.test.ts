import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user as userTable } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkIn = (to: string, pattern: RegExp) => {
  const mail = t.mails.findLast((m) => m.to === to && pattern.test(m.subject));
  const link = mail?.text.match(/http:\/\/localhost:3000\/\S+/)?.[0];
  if (!link) throw new Error(`no mail matching ${pattern} to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('account deletion', () => {
  it('happens only after the mailed confirmation, and ends the session at once', async () => {
    const user = await t.signUp();
    const ask = await t.request('/api/auth/delete-user', {
      method: 'POST',
      body: { callbackURL: '/auth/sign-in' },
      cookie: user.cookie,
    });
    expect(ask.status).toBe(200);
    expect(await t.db.select().from(userTable).where(eq(userTable.id, user.userId))).toHaveLength(
      1,
    );
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(200);

    const confirm = await t.request(linkIn(user.email, /deletion/), { cookie: user.cookie });
    expect(confirm.status).toBeLessThan(400);
    expect(await t.db.select().from(userTable).where(eq(userTable.id, user.userId))).toHaveLength(
      0,
    );
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(401);
  });
});

describe('banned users', () => {
  it('cannot sign in (BANNED_USER) and lose API access on the next request', async () => {
    allowConsoleError(/ban/i);
    const user = await t.signUp();
    await t.db
      .update(userTable)
      .set({ banned: true, banReason: 'test' })
      .where(eq(userTable.id, user.userId));
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(401);
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('BANNED_USER');
  });
});

describe('change of e-mail address', () => {
  it('asks the current address to confirm before anything changes', async () => {
    const user = await t.signUp();
    const res = await t.request('/api/auth/change-email', {
      method: 'POST',
      body: { newEmail: 'moved@example.com', callbackURL: '/account/settings' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
    const [before] = await t.db.select().from(userTable).where(eq(userTable.id, user.userId));
    expect(before!.email).toBe(user.email);
    expect(t.mails.findLast((m) => m.to === user.email)!.subject).toMatch(
      /Confirm your new e-mail address/,
    );
  });
});

describe('username', () => {
  it('is optional, at most 32 characters and unique', async () => {
    allowConsoleError(/username/i);
    const a = await t.signUp();
    const b = await t.signUp();
    expect(
      (
        await t.request('/api/auth/update-user', {
          method: 'POST',
          body: { username: 'anne_advocaat' },
          cookie: a.cookie,
        })
      ).status,
    ).toBe(200);
    const taken = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { username: 'anne_advocaat' },
      cookie: b.cookie,
    });
    expect(taken.status).toBe(400);
    expect((await taken.json()).code).toMatch(/USERNAME/);
    const long = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { username: 'x'.repeat(33) },
      cookie: b.cookie,
    });
    expect(long.status).toBe(400);
  });
});
