import type { Database } from '../db/client';
import { outboxMessage } from '../db/schema';
import type { Logger } from '../logger';

export interface SmsSender {
  /** `off`: production without SMS_WEBHOOK_URL (no local outbox there); sending throws. */
  readonly mode: 'webhook' | 'outbox' | 'off';
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
  /** In production there is no outbox: without a gateway, SMS are off. */
  production?: boolean;
}): SmsSender {
  const { webhookUrl } = options;
  if (!webhookUrl && options.production) {
    return {
      mode: 'off',
      async send() {
        throw new Error('SMS are not configured on this server (SMS_WEBHOOK_URL)');
      },
    };
  }
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
