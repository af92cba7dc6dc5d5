import { Mail } from 'lucide-react';
import { env } from '../env';
import { t } from '../lib/i18n';

/**
 * Without SMTP the server keeps mail in a local outbox. Say so up front, otherwise people wait
 * for a verification e-mail that will never arrive in their inbox. Loaded by the root layout only
 * when the server says so (`MailModeNotice`), so production never downloads it.
 */
export function MailModeBanner({ outboxPath }: { outboxPath: string | null | undefined }) {
  return (
    <div
      role="note"
      className="flex items-center justify-center gap-2 border-b border-warning-foreground/20 bg-warning px-4 py-1.5 text-center text-xs text-warning-foreground"
    >
      <Mail className="size-3.5 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        {t('shell.mailMode.text')}
        {outboxPath ? (
          <>
            {' '}
            {/* A server page, not an SPA route: a plain link with a full page load. */}
            <a
              href={new URL(outboxPath, `${env.apiUrl}/`).toString()}
              className="font-medium underline underline-offset-2"
            >
              {t('shell.mailMode.openOutbox')}
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}
