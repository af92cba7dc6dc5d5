import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const savedLocale = async (userId: string) =>
  (
    await t.db.select({ locale: userTable.locale }).from(userTable).where(eq(userTable.id, userId))
  )[0]?.locale;

describe('the account’s language (issue 12)', () => {
  it('is saved when it is one of the catalogs’ languages, and comes back with the session', async () => {
    const user = await t.signUp();
    expect(await savedLocale(user.userId)).toBeNull();
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { locale: 'nl' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
    expect(await savedLocale(user.userId)).toBe('nl');
    const session = await t.request('/api/auth/get-session', { cookie: user.cookie });
    expect(((await session.json()) as { user: { locale: string } }).user.locale).toBe('nl');
  });

  it.each([['xx'], ['en-XA'], [''], [42], ['nl\u0000']])(
    'refuses %j with a 400 naming the field, and keeps the saved one',
    async (locale) => {
      const user = await t.signUp();
      await t.request('/api/auth/update-user', {
        method: 'POST',
        body: { locale: 'en' },
        cookie: user.cookie,
      });
      const res = await t.request('/api/auth/update-user', {
        method: 'POST',
        body: { locale },
        cookie: user.cookie,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields?: Record<string, string> };
      expect(Object.keys(body.fields ?? {})).toEqual(['locale']);
      expect(await savedLocale(user.userId)).toBe('en');
    },
  );

  it('may be given at sign-up', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: {
        name: 'Anna',
        email: 'anna-nl@example.com',
        password: 'a-long-password-1',
        locale: 'nl',
      },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select({ locale: userTable.locale })
      .from(userTable)
      .where(eq(userTable.email, 'anna-nl@example.com'));
    expect(row?.locale).toBe('nl');
  });
});
