import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { outboxMessage } from '../db/schema';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Real delivery over SMTP (`SMTP_URL`, e.g. smtp://user:pass@mail.example.com:587). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  // nodemailer is loaded with the first mail, not at start-up.
  let transport: Promise<Transporter> | undefined;
  const getTransport = () =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport(options.url)));
  return {
    mode: 'smtp',
    async send(message) {
      await (await getTransport()).sendMail({ from: options.from, ...message });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/**
 * Local mode (no SMTP_URL): every mail is printed to the console with its links and kept in the
 * database, where the loopback-only /dev/outbox page shows it.
 */
export function createOutboxMailer(options: { db: Database; logger: Logger }): Mailer {
  return {
    mode: 'outbox',
    async send(message) {
      await options.db.insert(outboxMessage).values(message);
      const links = message.text.match(URL_PATTERN) ?? [];
      options.logger.info(
        [
          `[mail] To: ${message.to}`,
          `[mail] Subject: ${message.subject}`,
          ...links.map((link) => `[mail] Link: ${link}`),
          '[mail] (not sent: no SMTP_URL; see /dev/outbox)',
        ].join('\n'),
      );
    },
    async close() {},
  };
}
