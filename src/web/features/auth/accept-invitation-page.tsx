import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, CircleAlert, Loader2 } from 'lucide-react';
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
