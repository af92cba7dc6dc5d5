import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, CircleAlert, CircleCheck, Loader2, MailCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button, buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/safe-redirect';
import { authClient } from './auth-client';
import { fullAuthClient } from './auth-client-full';
import { AuthCard } from './auth-card';
import { authErrorCodeMessage, authErrorMessage } from './error-messages';
import { AuthRequestError, invitationQueryOptions } from './invitation-api';
import { clearUserData, setCachedSession } from './session';
import { SignUpForm } from './sign-up-form';
import { useSignOut } from './use-sign-out';

const failureTitles: Record<string, string> = {
  INVITATION_NOT_FOUND: 'This invitation is no longer valid',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: 'This invitation is for someone else',
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: 'Verify your e-mail address first',
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: 'This invitation is no longer valid',
  ORGANIZATION_NOT_FOUND: 'This workspace no longer exists',
};

/** This page's path and search, to come back to after signing in with another account. */
function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** "owner" → "Owner"; several roles are stored comma-separated. */
function roleLabel(role: string): string {
  return role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => r.charAt(0).toUpperCase() + r.slice(1))
    .join(', ');
}

/** Accept or decline an invitation to a workspace (the link in the invitation mail). */
export function AcceptInvitationPage({
  invitationId,
  userEmail,
}: {
  invitationId: string | undefined;
  userEmail: string;
}) {
  if (!invitationId) {
    return (
      <InvitationProblem title="This invitation link is incomplete" userEmail={userEmail}>
        Open the link from the invitation e-mail again, or ask for a new invitation.
      </InvitationProblem>
    );
  }
  return <Invitation invitationId={invitationId} userEmail={userEmail} />;
}

function Invitation({ invitationId, userEmail }: { invitationId: string; userEmail: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invitation = useQuery(invitationQueryOptions(invitationId));
  const [pending, setPending] = useState<'accept' | 'reject' | null>(null);
  const [rejected, setRejected] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  async function accept() {
    setPending('accept');
    try {
      const { data, error } = await fullAuthClient.organization.acceptInvitation({ invitationId });
      if (error) {
        toast.error(authErrorMessage(error));
        return;
      }
      const organizationId = data?.member.organizationId ?? invitation.data?.organizationId;
      if (organizationId) {
        const { error: activeError } = await fullAuthClient.organization.setActive({
          organizationId,
        });
        if (activeError) toast.error(authErrorMessage(activeError));
      }
      // The workspace changed: nothing cached for the previous one may be shown.
      const session = await authClient.getSession();
      clearUserData(queryClient);
      setCachedSession(queryClient, session.data ?? null);
      toast.success(`You joined ${invitation.data?.organizationName ?? 'the workspace'}`);
      await navigate({ to: DEFAULT_SIGNED_IN_PATH, replace: true });
    } catch {
      toast.error('Request failed');
    } finally {
      setPending(null);
    }
  }

  async function reject() {
    setPending('reject');
    try {
      const { error } = await fullAuthClient.organization.rejectInvitation({ invitationId });
      if (error) {
        toast.error(authErrorMessage(error));
        return;
      }
      setConfirmOpen(false);
      setRejected(true);
      toast.success('Invitation declined');
    } catch {
      toast.error('Request failed');
    } finally {
      setPending(null);
    }
  }

  if (invitation.isPending) {
    return (
      <AuthCard title="Invitation">
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the invitation">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-9 w-full" />
        </div>
      </AuthCard>
    );
  }

  if (invitation.isError) {
    const code = invitation.error instanceof AuthRequestError ? invitation.error.code : undefined;
    return (
      <InvitationProblem
        title={(code && failureTitles[code]) || 'This invitation could not be loaded'}
        userEmail={userEmail}
        showSwitchAccount={code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'}
      >
        {authErrorCodeMessage(code) ?? invitation.error.message}
      </InvitationProblem>
    );
  }

  const { organizationName, inviterEmail, role } = invitation.data;

  if (rejected) {
    return (
      <AuthCard title="Invitation declined">
        <div className="grid gap-4 text-sm" role="status">
          <p>
            You declined the invitation to <strong>{organizationName}</strong>. {inviterEmail} can
            invite you again if this was a mistake.
          </p>
          <Link to={DEFAULT_SIGNED_IN_PATH} className={buttonVariants()}>
            Go to companies
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={`Join ${organizationName}`}>
      <div className="grid gap-6 text-sm">
        <div className="flex items-start gap-3">
          <Building2 className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
          <dl className="grid gap-2">
            <div>
              <dt className="text-xs text-muted-foreground">Workspace</dt>
              <dd className="font-medium">{organizationName}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Invited by</dt>
              <dd className="break-all">{inviterEmail}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Your role</dt>
              <dd>{roleLabel(role)}</dd>
            </div>
          </dl>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <AlertDialog open={confirmOpen} onOpenChange={setConfirmOpen}>
            <AlertDialogTrigger asChild>
              <Button variant="outline" disabled={pending !== null}>
                Reject
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Decline this invitation?</AlertDialogTitle>
                <AlertDialogDescription>
                  You will not join {organizationName}. The invitation cannot be accepted
                  afterwards; {inviterEmail} would have to invite you again.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={pending === 'reject'}>Cancel</AlertDialogCancel>
                <AlertDialogConfirm
                  onClick={() => void reject()}
                  disabled={pending === 'reject'}
                  aria-busy={pending === 'reject' || undefined}
                >
                  {pending === 'reject' ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : null}
                  Decline invitation
                </AlertDialogConfirm>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
          <Button
            onClick={() => void accept()}
            disabled={pending !== null}
            aria-busy={pending === 'accept' || undefined}
            className="sm:order-last"
          >
            {pending === 'accept' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Accept
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">Signed in as {userEmail}.</p>
      </div>
    </AuthCard>
  );
}

function InvitationProblem({
  title,
  userEmail,
  showSwitchAccount = false,
  children,
}: {
  title: string;
  userEmail: string;
  showSwitchAccount?: boolean;
  children: ReactNode;
}) {
  const { signOut, isPending } = useSignOut();
  return (
    <AuthCard title={title}>
      <div className="grid gap-4 text-sm" role="alert">
        <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        <p>{children}</p>
        <p className="text-muted-foreground">
          You are signed in as <strong className="break-all">{userEmail}</strong>.
        </p>
        {showSwitchAccount ? (
          <Button
            variant="outline"
            onClick={() => void signOut({ redirect: currentPath() })}
            disabled={isPending}
            aria-busy={isPending || undefined}
          >
            Sign in with another account
          </Button>
        ) : null}
        <Link to={DEFAULT_SIGNED_IN_PATH} className={buttonVariants()}>
          Go to companies
        </Link>
      </div>
    </AuthCard>
  );
}

/** This page for one invitation, as sign-in and sign-up should come back to it. */
function invitationPath(invitationId: string): string {
  return `/auth/accept-invitation?invitationId=${encodeURIComponent(invitationId)}`;
}

const verifyFailures: Record<string, string> = {
  INVALID_TOKEN: 'This verification link is not valid',
  TOKEN_EXPIRED: 'This verification link has expired',
};

/**
 * The invitation link opened while signed out. The invitee signs in, or (no account yet) creates
 * one here: the verification e-mail leads back to this page (`verified`), where they sign in
 * and land on the invitation again. better-auth does not sign in on verification
 * (src/server/auth/auth.ts), hence the sign-in step.
 */
export function InvitationSignedOut({
  invitationId,
  verified,
  verifyError,
}: {
  invitationId: string | undefined;
  verified: boolean;
  verifyError: string | undefined;
}) {
  const [signingUp, setSigningUp] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (!invitationId) {
    return (
      <AuthCard title="This invitation link is incomplete">
        <p className="text-sm" role="alert">
          Open the link from the invitation e-mail again, or ask for a new invitation.
        </p>
      </AuthCard>
    );
  }
  const returnPath = invitationPath(invitationId);
  const verifyCallback = `${returnPath}&verified=true`;
  const signInLink = (
    <Link to="/auth/sign-in" search={{ redirect: returnPath }} className={buttonVariants()}>
      Sign in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail">
        <div className="grid gap-4 text-sm" role="status">
          <MailCheck className="size-8 text-primary" aria-hidden="true" />
          <p>
            We sent a verification link to <strong className="break-all">{sentTo}</strong>. Click it
            to verify your address: it brings you back to this invitation.
          </p>
          <p className="text-muted-foreground">
            Nothing arrived? Check your spam folder or send it again.
          </p>
          <ResendVerification email={sentTo} callbackURL={verifyCallback} />
        </div>
      </AuthCard>
    );
  }

  if (verifyError) {
    return (
      <AuthCard title={verifyFailures[verifyError] ?? 'Your e-mail address could not be verified'}>
        <div className="grid gap-4 text-sm" role="alert">
          <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
          <p>
            Sign in to have a new verification e-mail sent, then open the invitation link from your
            e-mail again.
          </p>
          {signInLink}
        </div>
      </AuthCard>
    );
  }

  if (verified) {
    return (
      <AuthCard title="Your e-mail address is verified">
        <div className="grid gap-4 text-sm" role="status">
          <CircleCheck className="size-8 text-success" aria-hidden="true" />
          <p>Sign in to accept or decline the invitation.</p>
          {signInLink}
        </div>
      </AuthCard>
    );
  }

  if (signingUp) {
    return (
      <AuthCard
        title="Create your account"
        description="Use the e-mail address the invitation was sent to. The verification e-mail brings you back to the invitation."
      >
        <SignUpForm
          onSignedUp={setSentTo}
          callbackURL={verifyCallback}
          signInRedirect={returnPath}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="You are invited to a workspace">
      <div className="grid gap-4 text-sm">
        <Building2 className="size-8 text-primary" aria-hidden="true" />
        <p>
          To accept or decline, sign in with the e-mail address the invitation was sent to. New to
          ESOP CRM? Create an account with that address first.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={() => setSigningUp(true)}>
            Create account
          </Button>
          {signInLink}
        </div>
      </div>
    </AuthCard>
  );
}

/** Sends the verification link again, leading back to the invitation like the first one. */
function ResendVerification({ email, callbackURL }: { email: string; callbackURL: string }) {
  const [isPending, setIsPending] = useState(false);
  async function resend() {
    setIsPending(true);
    try {
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL });
      if (error) toast.error(authErrorMessage(error));
      else toast.success(`Verification e-mail sent to ${email}`);
    } catch {
      toast.error('Request failed');
    } finally {
      setIsPending(false);
    }
  }
  return (
    <Button
      variant="outline"
      onClick={() => void resend()}
      disabled={isPending}
      aria-busy={isPending || undefined}
    >
      <MailCheck aria-hidden="true" />
      Resend verification e-mail
    </Button>
  );
}
