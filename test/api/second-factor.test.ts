import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { secondFactorRedirectTarget } from '../../src/server/auth/second-factor';
import { createTestApp, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function cookiesOf(res: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0]!, c] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0]!;
    const [name, value] = [pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1)];
    if (value === '' || /max-age=0/i.test(c)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/** A signed-up user with TOTP two-factor switched on; returns its TOTP secret and backup codes. */
async function userWithTotp() {
  const user = await t.signUp();
  const enable = await t.request('/api/auth/two-factor/enable', {
    method: 'POST',
    body: { password: user.password },
    cookie: user.cookie,
  });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const verify = await t.request('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    body: { code: await generate({ secret }) },
    cookie: user.cookie,
  });
  expect(verify.status).toBe(200);
  return { ...user, secret, backupCodes };
}

function lastMailTo(email: string) {
  return t.mails.findLast((m) => m.to === email)!;
}

describe('two-factor is asked after every sign-in that is not a strong factor', () => {
  it('password sign-in asks for the second factor (better-auth itself)', async () => {
    const user = await userWithTotp();
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('a magic link lands on the second-factor page without a session; TOTP completes it', async () => {
    const user = await userWithTotp();
    const ask = await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email: user.email, callbackURL: '/companies' },
    });
    expect(ask.status).toBe(200);
    const link = new URL(
      lastMailTo(user.email).text.match(
        /http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\S+/,
      )![0],
    );
    const open = await t.request(`${link.pathname}${link.search}`);
    expect(open.status).toBe(302);
    // The magic link's target travels on to the second-factor page.
    expect(open.headers.get('location')).toBe('/auth/two-factor?redirect=%2Fcompanies');
    let jar = cookiesOf(open);
    expect(jar).toMatch(/two_factor=/);
    expect((await t.request('/api/v1/company', { cookie: jar })).status).toBe(401);

    const done = await t.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      body: { code: await generate({ secret: user.secret }) },
      cookie: jar,
    });
    expect(done.status).toBe(200);
    jar = cookiesOf(done, jar);
    expect((await t.request('/api/v1/company', { cookie: jar })).status).toBe(200);
  });

  it('an e-mail code answers twoFactorRedirect; a backup code completes it', async () => {
    const user = await userWithTotp();
    await t.request('/api/auth/email-otp/send-verification-otp', {
      method: 'POST',
      body: { email: user.email, type: 'sign-in' },
    });
    const otp = lastMailTo(user.email).text.match(/\b(\d{6})\b/)![1]!;
    const res = await t.request('/api/auth/sign-in/email-otp', {
      method: 'POST',
      body: { email: user.email, otp },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp', 'otp'],
    });
    let jar = cookiesOf(res);
    expect((await t.request('/api/v1/company', { cookie: jar })).status).toBe(401);

    const done = await t.request('/api/auth/two-factor/verify-backup-code', {
      method: 'POST',
      body: { code: user.backupCodes[0] },
      cookie: jar,
    });
    expect(done.status).toBe(200);
    jar = cookiesOf(done, jar);
    expect((await t.request('/api/v1/company', { cookie: jar })).status).toBe(200);
  });

  it('without two-factor, a magic link signs in directly', async () => {
    const user = await t.signUp();
    await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email: user.email, callbackURL: '/companies' },
    });
    const link = new URL(
      lastMailTo(user.email).text.match(
        /http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\S+/,
      )![0],
    );
    const open = await t.request(`${link.pathname}${link.search}`);
    expect(open.status).toBe(302);
    expect(open.headers.get('location')).toBe('http://localhost:3000/companies');
    expect((await t.request('/api/v1/company', { cookie: cookiesOf(open) })).status).toBe(200);
  });
});

describe('the second factor after a magic link keeps where the user was going', () => {
  /** Asks for a magic link for `user` and returns the mailed verify link (path + search). */
  async function magicLink(email: string, callbackURL: string) {
    const ask = await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email, callbackURL },
    });
    expect(ask.status).toBe(200);
    return new URL(
      lastMailTo(email).text.match(/http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\S+/)![0],
    );
  }

  it('a deep target becomes ?redirect= on the second-factor page', async () => {
    const user = await userWithTotp();
    const link = await magicLink(user.email, '/companies/abc/grants?tab=open');
    const open = await t.request(`${link.pathname}${link.search}`);
    expect(open.status).toBe(302);
    const location = new URL(open.headers.get('location')!, 'http://localhost:3000');
    expect(location.pathname).toBe('/auth/two-factor');
    expect(location.searchParams.get('redirect')).toBe('/companies/abc/grants?tab=open');
    expect(location.searchParams.get('method')).toBeNull();
  });

  it('a foreign target never reaches the second-factor page', async () => {
    allowConsoleError(/Invalid callbackURL/);
    const user = await userWithTotp();
    // better-auth refuses to mail a link to an untrusted origin at all.
    const refused = await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email: user.email, callbackURL: 'https://evil.example/phish' },
    });
    expect(refused.status).toBe(403);

    // A genuine link whose callbackURL was edited by hand: refused by better-auth's origin check.
    const link = await magicLink(user.email, '/companies');
    for (const forged of ['//evil.example/phish', '/\\evil.example/phish']) {
      link.searchParams.set('callbackURL', forged);
      const open = await t.request(`${link.pathname}${link.search}`);
      expect(open.status, forged).toBe(403);
      expect(open.headers.get('location') ?? '').not.toMatch(/evil/);
    }

    // An absolute URL (even a trusted origin) is not a path: the page gets no target at all.
    link.searchParams.set('callbackURL', 'http://localhost:3000/companies/abc');
    const open = await t.request(`${link.pathname}${link.search}`);
    expect(open.status).toBe(302);
    expect(open.headers.get('location')).toBe('/auth/two-factor');
  });

  it('only same-origin paths are carried on', () => {
    expect(secondFactorRedirectTarget('/companies/abc/grants?x=1#top')).toBe(
      '/companies/abc/grants?x=1#top',
    );
    expect(secondFactorRedirectTarget('/')).toBeUndefined();
    expect(secondFactorRedirectTarget(undefined)).toBeUndefined();
    for (const foreign of [
      'https://evil.example/x',
      'http://localhost:3000/companies',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
      'companies',
    ]) {
      expect(secondFactorRedirectTarget(foreign), foreign).toBeUndefined();
    }
  });
});
