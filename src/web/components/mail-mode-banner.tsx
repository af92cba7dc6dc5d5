import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { env } from '../env';
import { metaQueryOptions } from '../features/meta/api';

/**
 * Without SMTP the server keeps mail in a local outbox. Say so up front, otherwise people wait
 * for a verification e-mail that will never arrive in their inbox.
 */
export function MailModeBanner() {
  // Not suspense: the banner is a hint and must never hold up or break the page.
  const { data } = useQuery(metaQueryOptions());
  if (data?.mail.mode !== 'outbox') return null;
  const { outboxPath } = data.mail;
  return (
    <div
      role="note"
      className="flex items-center justify-center gap-2 border-b border-warning-foreground/20 bg-warning px-4 py-1.5 text-center text-xs text-warning-foreground"
    >
      <Mail className="size-3.5 shrink-0" aria-hidden="true" />
      <p>
        Local mode: e-mails are not sent. They are printed in the server console and kept in the
        outbox (on the server's machine; the first time, open the outbox link the server printed
        when it started).
        {outboxPath ? (
          <>
            {' '}
            {/* A server page, not an SPA route: a plain link with a full page load. */}
            <a
              href={new URL(outboxPath, `${env.apiUrl}/`).toString()}
              className="font-medium underline underline-offset-2"
            >
              Open outbox
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}
