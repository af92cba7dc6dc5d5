import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../src/contracts/auth';
import { organization } from '../../src/server/db/schema';
import type { MailMessage } from '../../src/server/mail/mailer';
import { createTestApp, type TestApp } from '../support/app';

/*
 * Issue 12: e-mails in the recipient's saved language (`user.locale`), else the language of the
 * request that caused them; invitations to an address without an account in the inviter's
 * language; the sign-up workspace named in the sign-up's language.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const address = (label: string) =>
  `${label}${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The newest mail to `to` whose subject matches, waiting briefly for background sends. */
async function mailTo(to: string, subject?: RegExp): Promise<MailMessage> {
  for (let i = 0; i < 50; i++) {
    const mail = t.mails.findLast((m) => m.to === to && (!subject || subject.test(m.subject)));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} matching ${String(subject)}`);
}

/** Signs up (with `locale` and `Accept-Language` when given), verifies and signs in. */
async function signUp(options: { name: string; locale?: string; acceptLanguage?: string }) {
  const email = address('reader');
  const password = 'correct horse battery';
  const res = await t.request('/api/auth/sign-up/email', {
    method: 'POST',
    body: {
      name: options.name,
      email,
      password,
      ...(options.locale ? { locale: options.locale } : {}),
    },
    headers: options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {},
  });
  expect(res.status).toBe(200);
  const verification = await mailTo(email);
  const link = new URL(verification.text.match(/https?:\/\/\S+verify-email\S+/)![0]);
  expect((await t.request(`${link.pathname}${link.search}`)).status).toBeLessThan(400);
  const session = await t.signIn(email, password);
  return { ...session, verification };
}

const workspaceOf = async (organizationId: string) =>
  (
    await t.db
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, organizationId))
  )[0]!.name;

describe('the verification e-mail and the first workspace', () => {
  it('are Dutch for a sign-up in Dutch ("Werkruimte van …")', async () => {
    const nl = await signUp({ name: 'Anna Jansen', locale: 'nl' });
    expect(nl.verification.subject).toBe('Bevestig uw e-mailadres voor ESOP CRM');
    expect(nl.verification.text).toContain('Beste Anna Jansen,');
    expect(nl.verification.text).toContain('E-mailadres bevestigen: http');
    expect(nl.verification.html).toContain('<html lang="nl">');
    expect(nl.verification.html).toContain('Werkt de knop niet? Open dan deze link:');
    expect(await workspaceOf(nl.organizationId)).toBe('Werkruimte van Anna Jansen');
  });

  it('are English for a sign-up in English, whatever the browser prefers', async () => {
    const en = await signUp({
      name: 'Eve English',
      locale: 'en',
      acceptLanguage: 'nl-NL,nl;q=0.9',
    });
    expect(en.verification.subject).toBe('Verify your e-mail address for ESOP CRM');
    expect(en.verification.text).toContain('Hello Eve English,');
    expect(en.verification.html).toContain('<html lang="en">');
    expect(await workspaceOf(en.organizationId)).toBe("Eve English's workspace");
  });

  it('follow the request’s language when the sign-up names none; English otherwise', async () => {
    const nl = await signUp({ name: 'Bram', acceptLanguage: 'nl-BE,nl;q=0.9,en;q=0.5' });
    expect(nl.verification.subject).toBe('Bevestig uw e-mailadres voor ESOP CRM');
    expect(await workspaceOf(nl.organizationId)).toBe('Werkruimte van Bram');
    const other = await signUp({ name: 'Dieter', acceptLanguage: 'de-DE' });
    expect(other.verification.subject).toBe('Verify your e-mail address for ESOP CRM');
    expect(await workspaceOf(other.organizationId)).toBe("Dieter's workspace");
    // The pseudo language is for finding untranslated screens, never for stored names or mails.
    const pseudo = await signUp({ name: 'Pia', acceptLanguage: 'en-XA' });
    expect(pseudo.verification.subject).toBe('Verify your e-mail address for ESOP CRM');
    expect(await workspaceOf(pseudo.organizationId)).toBe("Pia's workspace");
  });

  it('keeps a long name within the workspace name’s limit in either language', async () => {
    const name = 'Maximiliaan van Oranje-Nassau Jr';
    const nl = await signUp({ name, locale: 'nl' });
    const en = await signUp({ name, locale: 'en' });
    const nlName = await workspaceOf(nl.organizationId);
    const enName = await workspaceOf(en.organizationId);
    expect(nlName).toMatch(/^Werkruimte van Maximiliaan/);
    expect(enName).toMatch(/^Maximiliaan .*'s workspace$/);
    expect(nlName.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
    expect(enName.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
  });
});

describe('e-mails to an account follow its saved language', () => {
  it('password reset: Dutch to a Dutch user, English to an English one, whoever asks', async () => {
    const nl = await signUp({ name: 'Noor', locale: 'nl' });
    const en = await signUp({ name: 'Ed', locale: 'en' });
    for (const [email, acceptLanguage] of [
      [nl.email, 'en-GB'],
      [en.email, 'nl'],
    ] as const) {
      const res = await t.request('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email, redirectTo: '/auth/reset-password' },
        headers: { 'accept-language': acceptLanguage },
      });
      expect(res.status).toBe(200);
    }
    const dutch = await mailTo(nl.email, /wachtwoord|password/i);
    expect(dutch.subject).toBe('Stel uw ESOP CRM-wachtwoord opnieuw in');
    expect(dutch.text).toContain('Nieuw wachtwoord kiezen: http');
    const english = await mailTo(en.email, /wachtwoord|password/i);
    expect(english.subject).toBe('Reset your ESOP CRM password');
    expect(english.text).toContain('Choose a new password: http');
  });

  it('follows a change of the saved language', async () => {
    const user = await signUp({ name: 'Wim', locale: 'en' });
    await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { locale: 'nl' },
      cookie: user.cookie,
    });
    const link = await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email: user.email, callbackURL: '/companies' },
    });
    expect(link.status).toBe(200);
    const mail = await mailTo(user.email, /inloglink|sign-in link/);
    expect(mail.subject).toBe('Uw inloglink voor ESOP CRM');
    expect(mail.text).toContain('Inloggen: http');
  });

  it('e-mail codes are in the account’s language, and the subject keeps "code:"', async () => {
    const user = await signUp({ name: 'Sanne', locale: 'nl' });
    const res = await t.request('/api/auth/email-otp/send-verification-otp', {
      method: 'POST',
      body: { email: user.email, type: 'sign-in' },
    });
    expect(res.status).toBe(200);
    const mail = await mailTo(user.email, /code:/);
    expect(mail.subject).toMatch(/^Uw ESOP CRM-code: \d{6}$/);
    expect(mail.text).toContain('Uw ESOP CRM-code om in te loggen is:');
  });
});

describe('invitations', () => {
  const invite = (
    cookie: string,
    organizationId: string,
    email: string,
    headers: Record<string, string> = {},
  ) =>
    t.request('/api/auth/organization/invite-member', {
      method: 'POST',
      body: { email, role: 'admin', organizationId },
      cookie,
      headers,
    });

  it('to an address without an account: the inviter’s language (their request’s, then saved)', async () => {
    const inviter = await signUp({ name: 'Iris', locale: 'nl' });
    const first = address('newcomer');
    expect((await invite(inviter.cookie, inviter.organizationId, first)).status).toBe(200);
    const dutch = await mailTo(first);
    expect(dutch.subject).toBe('Iris nodigt u uit voor Werkruimte van Iris in ESOP CRM');
    expect(dutch.text).toContain(
      'Iris nodigt u uit om als beheerder lid te worden van de werkruimte',
    );
    expect(dutch.text).toContain('Uitnodiging bekijken: http');

    // The inviter working in English at the moment (the SPA sends its language): English.
    const second = address('newcomer');
    const res = await invite(inviter.cookie, inviter.organizationId, second, {
      'accept-language': 'en',
    });
    expect(res.status).toBe(200);
    const english = await mailTo(second);
    expect(english.subject).toBe('Iris invited you to Werkruimte van Iris on ESOP CRM');
    expect(english.text).toContain(
      'Iris invited you to join the workspace Werkruimte van Iris as admin.',
    );
  });

  it('to someone with an account: their own saved language', async () => {
    const inviter = await signUp({ name: 'Joost', locale: 'nl' });
    const invitee = await signUp({ name: 'Emma', locale: 'en' });
    const res = await invite(inviter.cookie, inviter.organizationId, invitee.email, {
      'accept-language': 'nl',
    });
    expect(res.status).toBe(200);
    const mail = await mailTo(invitee.email, /invited|nodigt/);
    expect(mail.subject).toBe('Joost invited you to Werkruimte van Joost on ESOP CRM');
  });
});
