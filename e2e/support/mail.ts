import type { ReceivedMail } from './mail-server';

export type { ReceivedMail };

function mailboxUrl(): string {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url)
    throw new Error('E2E_MAILBOX_URL is not set: run the tests through playwright.config.ts');
  return url;
}

/** Every mail the SMTP test server received for `to`, oldest first. */
export async function listMail(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailboxUrl()}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`Mailbox answered HTTP ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Polls the test mailbox until a mail to `to` (whose subject matches `subject`, if given)
 * arrives; returns the newest such mail, with its links.
 */
export async function waitForMail(
  to: string,
  options: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const { subject, timeoutMs = 45_000 } = options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const mails = (await listMail(to)).filter((m) => !subject || subject.test(m.subject));
    const newest = mails.at(-1);
    if (newest) return newest;
    if (performance.now() > deadline) {
      const seen = (await listMail(to)).map((m) => m.subject);
      throw new Error(
        `No mail to ${to}${subject ? ` with subject ${subject}` : ''} within ${timeoutMs} ms` +
          ` (received: ${seen.length ? seen.join(' | ') : 'none'})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of a mail that starts with `prefix` (default: any link). */
export function linkIn(mail: ReceivedMail, prefix = ''): string {
  const link = mail.links.find((l) => l.startsWith(prefix));
  if (!link) throw new Error(`No link starting with "${prefix}" in mail "${mail.subject}"`);
  return link;
}
