import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { t, Trans } from '../../lib/i18n';
import { AuthCard } from './auth-card';

/** The "we sent you a mail" state of the forgot-password, magic-link and e-mail code pages. */
export function CheckYourEmail({
  email,
  children,
  action,
}: {
  email: string;
  /** What the mail contains and what to do with it. */
  children: ReactNode;
  /** Optional extra controls (send again, use another address). */
  action?: ReactNode;
}) {
  return (
    <AuthCard title={t('auth.checkEmail.title')}>
      <div className="grid gap-4 text-sm" role="status">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <p>
          <Trans
            id="auth.checkEmail.sent"
            values={{ email }}
            components={{ strong: <strong className="break-all" /> }}
          />{' '}
          {children}
        </p>
        <p className="text-muted-foreground">{t('auth.checkEmail.nothingArrived')}</p>
        {action}
        <Link
          to="/auth/sign-in"
          className="text-center font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  );
}
