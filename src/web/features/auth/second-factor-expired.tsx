import { Link } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { buttonVariants } from '../../components/ui/button';
import { AuthCard } from './auth-card';

/**
 * The second-factor step lives in a 10-minute cookie set by the first step; without it (expired,
 * or the page opened directly) the visitor has to start again.
 */
export function SecondFactorExpired({ redirect }: { redirect: string | undefined }) {
  return (
    <AuthCard title="Your sign-in attempt has expired">
      <div className="grid gap-4 text-sm" role="alert">
        <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        <p>
          For your security, the second step of signing in must follow the first within 10 minutes.
          Please sign in again.
        </p>
        <Link to="/auth/sign-in" search={redirect ? { redirect } : {}} className={buttonVariants()}>
          Sign in again
        </Link>
      </div>
    </AuthCard>
  );
}
