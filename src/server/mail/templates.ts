import type { MailMessage } from './mailer';

const BRAND = 'ESOP CRM';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface ActionMail {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

/** A branded mail with one call to action, as HTML and plain text. */
export function actionMail(mail: ActionMail): MailMessage {
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
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:18px;font-weight:700;color:#1e3a8a;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:15px;line-height:1.6">
<p>${escapeHtml(mail.greeting)}</p>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="padding:12px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#1e3a8a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(mail.action.label)}</a></p>
<p style="font-size:13px;color:#4b5563">If the button does not work, open this link:<br><a href="${escapeHtml(mail.action.url)}" style="color:#1e3a8a;word-break:break-all">${escapeHtml(mail.action.url)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(mail.footnote)}</p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

/** Mail sent on sign-up (and on request) to confirm an e-mail address. */
export function verificationMail(input: { to: string; name: string; url: string }): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Verify your e-mail address for ${BRAND}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Please confirm that ${input.to} is your e-mail address to finish setting up your ${BRAND} account.`,
    ],
    action: { label: 'Verify e-mail address', url: input.url },
    footnote:
      'The link is valid for one hour. If you did not create an account, ignore this e-mail.',
  });
}

/** Magic sign-in link. */
export function magicLinkMail(input: { to: string; url: string }): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Your sign-in link for ${BRAND}`,
    greeting: 'Hello,',
    paragraphs: [`Use the button below to sign in to ${BRAND} as ${input.to}.`],
    action: { label: 'Sign in', url: input.url },
    footnote:
      'The link is valid for 5 minutes and works once. If you did not ask for it, ignore this e-mail.',
  });
}

/** A one-time code (e-mail code sign-in, e-mail verification, password reset or second factor). */
export function codeMail(input: { to: string; code: string; purpose: string }): MailMessage {
  const text = [
    'Hello,',
    '',
    `Your ${BRAND} code to ${input.purpose} is:`,
    '',
    `    ${input.code}`,
    '',
    'It is valid for 5 minutes. If you did not ask for it, ignore this e-mail and consider changing your password.',
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(BRAND)} code</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%"><tr><td align="center"><table role="presentation" width="560" style="max-width:560px;background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:18px;font-weight:700;color:#1e3a8a;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:15px;line-height:1.6"><p>Hello,</p><p>Your ${BRAND} code to ${escapeHtml(input.purpose)} is:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(input.code)}</p>
<p style="font-size:13px;color:#6b7280">It is valid for 5 minutes. If you did not ask for it, ignore this e-mail and consider changing your password.</p></td></tr>
</table></td></tr></table></body></html>`;
  return { to: input.to, subject: `Your ${BRAND} code: ${input.code}`, text, html };
}

/** Password reset link. */
export function resetPasswordMail(input: { to: string; name: string; url: string }): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Reset your ${BRAND} password`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new password with the button below.',
    ],
    action: { label: 'Choose a new password', url: input.url },
    footnote:
      'The link is valid for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  });
}

/** Confirmation before an account is deleted. */
export function deleteAccountMail(input: { to: string; name: string; url: string }): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Confirm the deletion of your ${BRAND} account`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'You asked to delete your account. This removes your sign-in, sessions and personal settings for good.',
      'Confirm with the button below to go ahead.',
    ],
    action: { label: 'Delete my account', url: input.url },
    footnote: 'If you did not ask for this, ignore this e-mail and change your password.',
  });
}

/** Confirmation of a change of e-mail address (sent to the current address). */
export function changeEmailMail(input: {
  to: string;
  name: string;
  newEmail: string;
  url: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Confirm your new e-mail address for ${BRAND}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [`You asked to change the e-mail address of your account to ${input.newEmail}.`],
    action: { label: 'Confirm the change', url: input.url },
    footnote: 'If you did not ask for this, ignore this e-mail: nothing changes.',
  });
}

/** Invitation to a workspace. */
export function invitationMail(input: {
  to: string;
  inviterName: string;
  organizationName: string;
  role: string;
  url: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.organizationName} on ${BRAND}`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.inviterName} invited you to join the workspace ${input.organizationName} as ${input.role}.`,
    ],
    action: { label: 'View the invitation', url: input.url },
    footnote:
      'The invitation expires in 48 hours. If you do not know the sender, ignore this e-mail.',
  });
}

/** Told once when password guesses on an account start being delayed (issue 11, finding 4). */
export function failedSignInsMail(input: {
  to: string;
  name: string;
  failures: number;
  signInUrl: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Failed sign-in attempts on your ${BRAND} account`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Someone entered a wrong password for your account ${input.failures} times in a row. To protect it, each further attempt with a password now has to wait a little longer (at most 15 minutes).`,
      'If this was you, you can sign in right away with a link or a code sent to this address. If it was not you, nobody has signed in: consider a new password and two-factor authentication.',
    ],
    action: { label: 'Sign in', url: input.signInUrl },
    footnote: 'You get this e-mail at most once a day.',
  });
}

/** Sent instead of a second account when someone signs up with an address that has one. */
export function existingAccountMail(input: {
  to: string;
  name: string;
  signInUrl: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `You already have a ${BRAND} account`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Someone tried to create a ${BRAND} account with ${input.to}. You already have one, so nothing was created.`,
      'If it was you, sign in — or reset your password from the sign-in page if you forgot it.',
    ],
    action: { label: 'Sign in', url: input.signInUrl },
    footnote: 'If it was not you, you can ignore this e-mail.',
  });
}
