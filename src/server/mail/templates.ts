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
