import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, CircleAlert, CircleCheck, Loader2, MailCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
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
import { activeLanguage, msg, t, Trans } from '../../lib/i18n';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/safe-redirect';
import { authClient } from './auth-client';
import { fullAuthClient } from './auth-client-full';
import { AuthCard } from './auth-card';
import { authErrorCodeMessage, authErrorMessage } from './error-messages';
import { roleLabel } from '../organization/role-names';
import { AuthRequestError, invitationQueryOptions } from './invitation-api';
import { clearUserData, setCachedSession } from './session';
import { SignUpForm } from './sign-up-form';
import { useSignOut } from './use-sign-out';
import { LoadingSkeleton } from '../../components/loading-skeleton';

const failureTitles: Record<string, string> = {
  INVITATION_NOT_FOUND: msg('auth.invitation.failure.gone'),
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: msg('auth.invitation.failure.someoneElse'),
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: msg('auth.invitation.failure.verifyFirst'),
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: msg('auth.invitation.failure.gone'),
  ORGANIZATION_NOT_FOUND: msg('auth.invitation.failure.workspaceGone'),
};

/** This page's path and search, to come back to after signing in with another account. */
function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** "Owner" ("Eigenaar"); several roles are stored comma-separated. */
function rolesLabel(role: string): string {
  const labels = role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => roleLabel(r));
  const list = new Intl.ListFormat(activeLanguage(), { type: 'conjunction' }).format(labels);
  return list.charAt(0).toLocaleUpperCase(activeLanguage()) + list.slice(1);
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
      <InvitationProblem title={t('auth.invitation.incomplete.title')} userEmail={userEmail}>
        {t('auth.invitation.incomplete.text')}
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
      toast.success(
        invitation.data?.organizationName
          ? t('auth.invitation.joined', { workspace: invitation.data.organizationName })
          : t('auth.invitation.joinedWorkspace'),
      );
      await navigate({ to: DEFAULT_SIGNED_IN_PATH, replace: true });
    } catch {
      toast.error(t('common.requestFailed'));
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
      toast.success(t('auth.invitation.declined'));
    } catch {
      toast.error(t('common.requestFailed'));
    } finally {
      setPending(null);
    }
  }

  if (invitation.isPending) {
    return (
      <AuthCard title={t('auth.invitation.title')}>
        <LoadingSkeleton
          label={t('auth.invitation.loading')}
          bars={['h-5 w-3/4', 'h-5 w-1/2', 'h-9 w-full']}
          className="gap-3"
        />
      </AuthCard>
    );
  }

  if (invitation.isError) {
    const code = invitation.error instanceof AuthRequestError ? invitation.error.code : undefined;
    return (
      <InvitationProblem
        title={
          code && Object.hasOwn(failureTitles, code)
            ? t(failureTitles[code]!)
            : t('auth.invitation.failure.notLoaded')
        }
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
      <AuthCard title={t('auth.invitation.declined')}>
        <div className="grid gap-4 text-sm" role="status">
          <p>
            <Trans
              id="auth.invitation.declinedText"
              values={{ workspace: organizationName, inviter: inviterEmail }}
              components={{ strong: <strong /> }}
            />
          </p>
          <Link to={DEFAULT_SIGNED_IN_PATH} className={buttonVariants()}>
            {t('auth.invitation.goToCompanies')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.invitation.join', { workspace: organizationName })}>
      <div className="grid gap-6 text-sm">
        <div className="flex items-start gap-3">
          <Building2 className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
          <dl className="grid gap-2">
            <div>
              <dt className="text-xs text-muted-foreground">{t('auth.invitation.workspace')}</dt>
              <dd className="font-medium">{organizationName}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('auth.invitation.invitedBy')}</dt>
              <dd className="break-all">{inviterEmail}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('auth.invitation.yourRole')}</dt>
              <dd>{rolesLabel(role)}</dd>
            </div>
          </dl>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <AlertDialog open={confirmOpen} onOpenChange={setConfirmOpen}>
            <AlertDialogTrigger asChild>
              <Button variant="outline" disabled={pending !== null}>
                {t('auth.invitation.reject')}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t('auth.invitation.declineTitle')}</AlertDialogTitle>
                <AlertDialogDescription>
                  {t('auth.invitation.declineDescription', {
                    workspace: organizationName,
                    inviter: inviterEmail,
                  })}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={pending === 'reject'}>
                  {t('common.cancel')}
                </AlertDialogCancel>
                <AlertDialogConfirm
                  onClick={() => void reject()}
                  disabled={pending === 'reject'}
                  aria-busy={pending === 'reject' || undefined}
                >
                  {pending === 'reject' ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : null}
                  {t('auth.invitation.declineConfirm')}
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
            {t('auth.invitation.accept')}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {t('auth.invitation.signedInAs', { email: userEmail })}
        </p>
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
          <Trans
            id="auth.invitation.youAreSignedInAs"
            values={{ email: userEmail }}
            components={{ strong: <strong className="break-all" /> }}
          />
        </p>
        {showSwitchAccount ? (
          <Button
            variant="outline"
            onClick={() => void signOut({ redirect: currentPath() })}
            disabled={isPending}
            aria-busy={isPending || undefined}
          >
            {t('auth.invitation.otherAccount')}
          </Button>
        ) : null}
        <Link to={DEFAULT_SIGNED_IN_PATH} className={buttonVariants()}>
          {t('auth.invitation.goToCompanies')}
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
  INVALID_TOKEN: msg('auth.verify.invalid.title'),
  TOKEN_EXPIRED: msg('auth.verify.expired.title'),
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
      <AuthCard title={t('auth.invitation.incomplete.title')}>
        <p className="text-sm" role="alert">
          {t('auth.invitation.incomplete.text')}
        </p>
      </AuthCard>
    );
  }
  const returnPath = invitationPath(invitationId);
  const verifyCallback = `${returnPath}&verified=true`;
  const signInLink = (
    <Link to="/auth/sign-in" search={{ redirect: returnPath }} className={buttonVariants()}>
      {t('auth.signIn.submit')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth.checkEmail.title')}>
        <div className="grid gap-4 text-sm" role="status">
          <MailCheck className="size-8 text-primary" aria-hidden="true" />
          <p>
            <Trans
              id="auth.invitation.verificationSent"
              values={{ email: sentTo }}
              components={{ strong: <strong className="break-all" /> }}
            />
          </p>
          <p className="text-muted-foreground">{t('auth.checkEmail.nothingArrivedResend')}</p>
          <ResendVerification email={sentTo} callbackURL={verifyCallback} />
        </div>
      </AuthCard>
    );
  }

  if (verifyError) {
    return (
      <AuthCard
        title={
          Object.hasOwn(verifyFailures, verifyError)
            ? t(verifyFailures[verifyError]!)
            : t('auth.verify.failed.title')
        }
      >
        <div className="grid gap-4 text-sm" role="alert">
          <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
          <p>{t('auth.invitation.verifyFailedText')}</p>
          {signInLink}
        </div>
      </AuthCard>
    );
  }

  if (verified) {
    return (
      <AuthCard title={t('auth.verify.done.title')}>
        <div className="grid gap-4 text-sm" role="status">
          <CircleCheck className="size-8 text-success" aria-hidden="true" />
          <p>{t('auth.invitation.verifiedText')}</p>
          {signInLink}
        </div>
      </AuthCard>
    );
  }

  if (signingUp) {
    return (
      <AuthCard title={t('auth.signUp.title')} description={t('auth.invitation.signUpDescription')}>
        <SignUpForm
          onSignedUp={setSentTo}
          callbackURL={verifyCallback}
          signInRedirect={returnPath}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.invitation.signedOut.title')}>
      <div className="grid gap-4 text-sm">
        <Building2 className="size-8 text-primary" aria-hidden="true" />
        <p>{t('auth.invitation.signedOut.text')}</p>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={() => setSigningUp(true)}>
            {t('auth.signUp.submit')}
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
      else toast.success(t('auth.verify.resent', { email }));
    } catch {
      toast.error(t('common.requestFailed'));
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
      {t('auth.verify.resend')}
    </Button>
  );
}
