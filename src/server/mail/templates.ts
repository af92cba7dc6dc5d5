import { translator } from '../i18n';
import type { MailMessage } from './mailer';

/*
 * Every e-mail the server sends, in the recipient's language (issue 12, decision 018): each
 * template takes the `language` chosen by mailLanguage() / invitationLanguage() (./language.ts)
 * and reads its subject and text from the `mail` catalog (src/locales/<language>/mail.json).
 */

export const BRAND = 'ESOP CRM';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A language tag as it may appear in `<html lang>` (the catalogs' folder names are tags). */
export function htmlLang(language: string): string {
  return /^[A-Za-z0-9-]{1,16}$/.test(language) ? language : 'en';
}

interface ActionMail {
  to: string;
  language: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

/** A branded mail with one call to action, as HTML and plain text. */
export function actionMail(mail: ActionMail): MailMessage {
  const t = translator(mail.language);
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    `${mail.action.label}: ${mail.action.url}`,
    '',
    mail.footnote,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${htmlLang(mail.language)}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:18px;font-weight:700;color:#1e3a8a;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:15px;line-height:1.6">
<p>${escapeHtml(mail.greeting)}</p>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="padding:12px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#1e3a8a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(mail.action.label)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(t('mail.openLink'))}<br><a href="${escapeHtml(mail.action.url)}" style="color:#1e3a8a;word-break:break-all">${escapeHtml(mail.action.url)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(mail.footnote)}</p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

/** Mail sent on sign-up (and on request) to confirm an e-mail address. */
export function verificationMail(input: {
  to: string;
  name: string;
  url: string;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.verification.subject'),
    greeting: t('mail.greeting.named', { name: input.name }),
    paragraphs: [t('mail.verification.body', { email: input.to })],
    action: { label: t('mail.verification.action'), url: input.url },
    footnote: t('mail.verification.footnote'),
  });
}

/** Magic sign-in link. */
export function magicLinkMail(input: { to: string; url: string; language: string }): MailMessage {
  const t = translator(input.language);
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.magicLink.subject'),
    greeting: t('mail.greeting.anonymous'),
    paragraphs: [t('mail.magicLink.body', { email: input.to })],
    action: { label: t('mail.action.signIn'), url: input.url },
    footnote: t('mail.magicLink.footnote'),
  });
}

/** What a one-time code is for; each has its own sentence (fragments do not translate). */
export type CodePurpose =
  'sign-in' | 'email-verification' | 'forget-password' | 'change-email' | 'second-factor' | 'other';

const CODE_INTRO: Record<CodePurpose, string> = {
  'sign-in': 'mail.code.intro.signIn',
  'email-verification': 'mail.code.intro.emailVerification',
  'forget-password': 'mail.code.intro.forgetPassword',
  'change-email': 'mail.code.intro.changeEmail',
  'second-factor': 'mail.code.intro.secondFactor',
  other: 'mail.code.intro.other',
};

/** better-auth's e-mail OTP types as our purposes (an unknown one: "to continue"). */
export function codePurpose(type: string): CodePurpose {
  return type in CODE_INTRO && type !== 'other' ? (type as CodePurpose) : 'other';
}

/** A one-time code (e-mail code sign-in, e-mail verification, password reset or second factor). */
export function codeMail(input: {
  to: string;
  code: string;
  purpose: CodePurpose;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  const greeting = t('mail.greeting.anonymous');
  const intro = t(CODE_INTRO[input.purpose]);
  const footnote = t('mail.code.footnote');
  const text = [greeting, '', intro, '', `    ${input.code}`, '', footnote, '', `— ${BRAND}`].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${htmlLang(input.language)}"><head><meta charset="utf-8"><title>${escapeHtml(t('mail.code.title'))}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%"><tr><td align="center"><table role="presentation" width="560" style="max-width:560px;background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:18px;font-weight:700;color:#1e3a8a;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:15px;line-height:1.6"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(input.code)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footnote)}</p></td></tr>
</table></td></tr></table></body></html>`;
  return { to: input.to, subject: t('mail.code.subject', { code: input.code }), text, html };
}

/** Password reset link. */
export function resetPasswordMail(input: {
  to: string;
  name: string;
  url: string;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.resetPassword.subject'),
    greeting: t('mail.greeting.named', { name: input.name }),
    paragraphs: [t('mail.resetPassword.body')],
    action: { label: t('mail.resetPassword.action'), url: input.url },
    footnote: t('mail.resetPassword.footnote'),
  });
}

/** Confirmation before an account is deleted. */
export function deleteAccountMail(input: {
  to: string;
  name: string;
  url: string;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.deleteAccount.subject'),
    greeting: t('mail.greeting.named', { name: input.name }),
    paragraphs: [t('mail.deleteAccount.body'), t('mail.deleteAccount.confirm')],
    action: { label: t('mail.deleteAccount.action'), url: input.url },
    footnote: t('mail.deleteAccount.footnote'),
  });
}

/** Confirmation of a change of e-mail address (sent to the current address). */
export function changeEmailMail(input: {
  to: string;
  name: string;
  newEmail: string;
  url: string;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.changeEmail.subject'),
    greeting: t('mail.greeting.named', { name: input.name }),
    paragraphs: [t('mail.changeEmail.body', { newEmail: input.newEmail })],
    action: { label: t('mail.changeEmail.action'), url: input.url },
    footnote: t('mail.changeEmail.footnote'),
  });
}

/** The built-in roles by their catalog names; a custom role keeps its own name. */
const ROLE_NAMES: Record<string, string> = {
  owner: 'mail.role.owner',
  admin: 'mail.role.admin',
  member: 'mail.role.member',
  guest: 'mail.role.guest',
};

/** Invitation to a workspace. `role` may list several roles, comma-separated. */
export function invitationMail(input: {
  to: string;
  inviterName: string;
  organizationName: string;
  role: string;
  url: string;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  const role = input.role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => (ROLE_NAMES[r] ? t(ROLE_NAMES[r]) : r))
    .join(', ');
  const values = { inviter: input.inviterName, workspace: input.organizationName };
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.invitation.subject', values),
    greeting: t('mail.greeting.anonymous'),
    paragraphs: [t('mail.invitation.body', { ...values, role })],
    action: { label: t('mail.invitation.action'), url: input.url },
    footnote: t('mail.invitation.footnote'),
  });
}

/** Told once when password guesses on an account start being delayed (issue 11, finding 4). */
export function failedSignInsMail(input: {
  to: string;
  name: string;
  failures: number;
  signInUrl: string;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.failedSignIns.subject'),
    greeting: t('mail.greeting.named', { name: input.name }),
    paragraphs: [
      t('mail.failedSignIns.body', { failures: input.failures }),
      t('mail.failedSignIns.advice'),
    ],
    action: { label: t('mail.action.signIn'), url: input.signInUrl },
    footnote: t('mail.failedSignIns.footnote'),
  });
}

/** Sent instead of a second account when someone signs up with an address that has one. */
export function existingAccountMail(input: {
  to: string;
  name: string;
  signInUrl: string;
  language: string;
}): MailMessage {
  const t = translator(input.language);
  return actionMail({
    to: input.to,
    language: input.language,
    subject: t('mail.existingAccount.subject'),
    greeting: t('mail.greeting.named', { name: input.name }),
    paragraphs: [
      t('mail.existingAccount.body', { email: input.to }),
      t('mail.existingAccount.advice'),
    ],
    action: { label: t('mail.action.signIn'), url: input.signInUrl },
    footnote: t('mail.existingAccount.footnote'),
  });
}

/** The text message with a phone number's verification (or sign-in) code. */
export function phoneCodeText(input: { code: string; language: string }): string {
  const t = translator(input.language);
  return t('mail.sms.phoneCode', { code: input.code });
}

/** The text message with the second factor's code. */
export function signInCodeText(input: { code: string; language: string }): string {
  const t = translator(input.language);
  return t('mail.sms.signInCode', { code: input.code });
}
