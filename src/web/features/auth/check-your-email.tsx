import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
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
    <AuthCard title="Check your e-mail">
      <div className="grid gap-4 text-sm" role="status">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <p>
          We sent an e-mail to <strong className="break-all">{email}</strong>. {children}
        </p>
        <p className="text-muted-foreground">
          Nothing arrived? Check your spam folder, and that the address is the one of your account.
        </p>
        {action}
        <Link
          to="/auth/sign-in"
          className="text-center font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
