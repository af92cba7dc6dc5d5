import { translator } from '../../i18n';
import type { MailMessage } from '../../mail/mailer';
import { BRAND, escapeHtml, htmlLang } from '../../mail/templates';
import { LongDate, renderText } from '../../http/errors';
import { formatIsoDate } from '../../../contracts/i18n/format';
import type { Agenda } from './agenda';
import { appLinks, DEADLINE_LABEL } from './words';

/** One line of the digest: what, and where to open it. */
interface Line {
  text: string;
  url: string;
}

interface Section {
  title: string;
  lines: Line[];
}

export interface DigestWorkspace {
  name: string;
  agenda: Agenda;
}

/**
 * The daily digest (issue 15), in the recipient's language: per workspace their overdue tasks,
 * their tasks due this week and the week's deadlines of the companies they are responsible for,
 * each with a link into the app; text and HTML parts, every value escaped in the HTML.
 */
export function digestMail(input: {
  to: string;
  name: string;
  language: string;
  date: string;
  appUrl: string;
  workspaces: DigestWorkspace[];
}): MailMessage {
  const { language, date } = input;
  const t = translator(language);
  const links = appLinks(input.appUrl);
  const day = (iso: string) => formatIsoDate(language, iso, 'medium');

  const blocks = input.workspaces.map((w) => {
    const taskLine = (task: Agenda['tasks'][number]): Line => ({
      text: [
        `${day(task.dueDate)}${task.dueTime ? ` ${task.dueTime}` : ''}`,
        task.title,
        ...(task.companyName ? [task.companyName] : []),
      ].join(' · '),
      url: task.companyId ? links.company(task.companyId) : links.tasks(),
    });
    const deadlines: (Line & { date: string })[] = [
      ...w.agenda.deadlines.map((d) => ({
        date: d.date,
        text: [
          day(d.date),
          t(DEADLINE_LABEL[d.type]),
          d.companyName,
          t('mail.digest.holder', { stakeholder: d.stakeholderName, plan: d.planName }),
        ].join(' · '),
        url: links.grant(d.companyId, d.grantId),
      })),
      ...w.agenda.valuations.map((v) => ({
        date: v.date,
        text: [day(v.date), t('mail.deadline.valuationExpiry'), v.companyName].join(' · '),
        url: links.valuations(v.companyId),
      })),
    ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const sections: Section[] = [
      {
        title: t('mail.digest.overdue'),
        lines: w.agenda.tasks.filter((x) => x.dueDate < date).map(taskLine),
      },
      {
        title: t('mail.digest.dueThisWeek'),
        lines: w.agenda.tasks.filter((x) => x.dueDate >= date).map(taskLine),
      },
      { title: t('mail.digest.deadlines'), lines: deadlines },
    ].filter((s) => s.lines.length > 0);
    return { heading: t('mail.digest.workspace', { workspace: w.name }), sections };
  });

  const subject = renderText(
    { key: 'mail.digest.subject', values: { date: new LongDate(date) } },
    language,
  );
  const greeting = t('mail.greeting.named', { name: input.name });
  const intro = t('mail.digest.intro');
  const footnote = t('mail.digest.footnote');
  const settingsLabel = t('mail.digest.settings');

  const text = [
    greeting,
    '',
    intro,
    '',
    ...blocks.flatMap((b) => [
      b.heading,
      '',
      ...b.sections.flatMap((s) => [
        s.title,
        ...s.lines.flatMap((l) => [`- ${l.text}`, `  ${l.url}`]),
        '',
      ]),
    ]),
    footnote,
    `${settingsLabel}: ${links.settings()}`,
    '',
    `— ${BRAND}`,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${htmlLang(language)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:18px;font-weight:700;color:#1e3a8a;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:15px;line-height:1.6">
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
${blocks
  .map(
    (b) => `<h2 style="font-size:16px;margin:20px 0 4px">${e(b.heading)}</h2>
${b.sections
  .map(
    (s) => `<h3 style="font-size:14px;margin:12px 0 4px;color:#374151">${e(s.title)}</h3>
<ul style="margin:0;padding-left:20px">
${s.lines.map((l) => `<li><a href="${e(l.url)}" style="color:#1e3a8a">${e(l.text)}</a></li>`).join('\n')}
</ul>`,
  )
  .join('\n')}`,
  )
  .join('\n')}
<p style="font-size:13px;color:#6b7280;padding-top:12px">${e(footnote)} <a href="${e(links.settings())}" style="color:#1e3a8a">${e(settingsLabel)}</a></p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to: input.to, subject, text, html };
}
