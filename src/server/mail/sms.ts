import type { Database } from '../db/client';
import { outboxMessage } from '../db/schema';
import type { Logger } from '../logger';

export interface SmsSender {
  readonly mode: 'webhook' | 'outbox';
  send(message: { to: string; text: string }): Promise<void>;
}

/**
 * SMS through a configurable HTTP gateway (`SMS_WEBHOOK_URL`, POST `{ to, text }` as JSON); in
 * local mode the message goes to the console and the outbox like e-mail.
 */
export function createSmsSender(options: {
  webhookUrl?: string;
  db: Database;
  logger: Logger;
}): SmsSender {
  const { webhookUrl } = options;
  if (webhookUrl) {
    return {
      mode: 'webhook',
      async send(message) {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      },
    };
  }
  return {
    mode: 'outbox',
    async send(message) {
      await options.db.insert(outboxMessage).values({
        to: message.to,
        subject: 'SMS',
        text: message.text,
        html: `<p style="font-family:system-ui">${message.text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`,
      });
      options.logger.info(
        `[sms] To: ${message.to}\n[sms] ${message.text}\n[sms] (not sent: no SMS_WEBHOOK_URL; see /dev/outbox)`,
      );
    },
  };
}
