import { systemNow } from '../../src/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { member as memberTable, user as userTable } from '../../src/server/db/schema';
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

describe('account deletion link failures', () => {
  it('redirect to the account page with a code and delete nothing', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    await t.request('/api/auth/delete-user', {
      method: 'POST',
      body: { callbackURL: '/auth/sign-in' },
      cookie: user.cookie,
    });
    const link = linkIn(user.email, /deletion/);
    const expectRedirect = async (res: Response, code: string) => {
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/account/settings?deleteAccountError=${code}`);
    };
    // Signed out, tampered with, or opened by someone else: nothing happens.
    await expectRedirect(await t.request(link), 'FAILED_TO_GET_USER_INFO');
    await expectRedirect(
      await t.request(link.replace(/token=[^&]+/, 'token=forged'), { cookie: user.cookie }),
      'INVALID_TOKEN',
    );
    await expectRedirect(await t.request(link, { cookie: other.cookie }), 'INVALID_TOKEN');
    for (const id of [user.userId, other.userId]) {
      expect(await t.db.select().from(userTable).where(eq(userTable.id, id))).toHaveLength(1);
    }
    // The genuine link still works for its owner afterwards.
    const confirm = await t.request(link, { cookie: user.cookie });
    expect(confirm.status).toBeLessThan(400);
    expect(await t.db.select().from(userTable).where(eq(userTable.id, user.userId))).toHaveLength(
      0,
    );
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

describe('avatar', () => {
  // A 1×1 PNG.
  const PNG_1PX =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  it('stores an uploaded PNG in the database and keeps only its URL on the user (small cookies)', async () => {
    const user = await t.signUp();
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { image: `data:image/png;base64,${PNG_1PX}` },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(userTable).where(eq(userTable.id, user.userId));
    expect(row!.image).toMatch(new RegExp(`^/api/avatars/${user.userId}\\?v=[0-9a-f]{12}$`));
    const png = await t.request(row!.image!, { cookie: user.cookie });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).toString('base64')).toBe(PNG_1PX);
    expect((await t.request(row!.image!)).status).toBe(401);

    expect(
      (
        await t.request('/api/auth/update-user', {
          method: 'POST',
          body: { image: null },
          cookie: user.cookie,
        })
      ).status,
    ).toBe(200);
    expect((await t.request(row!.image!, { cookie: user.cookie })).status).toBe(404);
  });

  it('is served only to people who share a workspace with its owner, and to site admins (finding 9)', async () => {
    const owner = await t.signUp();
    const colleague = await t.signUp();
    const stranger = await t.signUp();
    const siteAdmin = await t.signUp();
    await t.db.update(userTable).set({ role: 'admin' }).where(eq(userTable.id, siteAdmin.userId));
    await t.db.insert(memberTable).values({
      id: `m-${colleague.userId}`,
      organizationId: owner.organizationId,
      userId: colleague.userId,
      role: 'guest',
      createdAt: systemNow(),
    });
    const set = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { image: `data:image/png;base64,${PNG_1PX}` },
      cookie: owner.cookie,
    });
    expect(set.status).toBe(200);
    const [row] = await t.db.select().from(userTable).where(eq(userTable.id, owner.userId));
    const url = row!.image!;
    expect((await t.request(url, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(url, { cookie: colleague.cookie })).status).toBe(200);
    expect((await t.request(url, { cookie: siteAdmin.cookie })).status).toBe(200);
    // A stranger learns nothing: the same 404 as for a user without a picture.
    const refused = await t.request(url, { cookie: stranger.cookie });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/json/);
    // Leaving the shared workspace ends it.
    await t.db.delete(memberTable).where(eq(memberTable.userId, colleague.userId));
    expect((await t.request(url, { cookie: colleague.cookie })).status).toBe(404);
  });

  it.each([
    ['a JPEG data URL', 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ'],
    [
      'a data URL that is not a PNG',
      `data:image/png;base64,${Buffer.from('not a png at all, really').toString('base64')}`,
    ],
    ['a foreign URL', 'https://evil.example/track.png'],
  ])('refuses %s with a 400 naming the image', async (_label, image) => {
    const user = await t.signUp();
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { image },
      cookie: user.cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toHaveProperty('image');
  });
});
