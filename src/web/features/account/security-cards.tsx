import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KeyRound, Loader2, LogOut, Pencil, Plus, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formatDateTime } from '../../lib/format';
import { t, Trans } from '../../lib/i18n';
import { fullAuthClient } from '../auth/auth-client-full';
import {
  accountErrorMessage,
  accountSessionQueryOptions,
  AuthRequestError,
  passkeysQueryOptions,
  refreshUser,
  sessionsQueryOptions,
  unwrap,
} from './api';
import { ConfirmButton } from './confirm-button';
import { deviceSessionsQueryOptions, useSwitchAccount } from './device-sessions';
import { changePasswordSchema, passkeyNameSchema, phoneSchema, smsCodeSchema } from './schemas';
import { LoadingSkeleton } from '../../components/loading-skeleton';

function PendingIcon({ pending }: { pending: boolean }) {
  return pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null;
}

function isoOf(value: string | Date | null | undefined): string {
  if (!value) return '';
  return typeof value === 'string' ? value : value.toISOString();
}

function ListSkeleton() {
  return <LoadingSkeleton label={t('common.loading')} bars={['h-12 w-full', 'h-12 w-full']} />;
}

/** A rough "Chrome on Linux" from a user agent; the full string is in the title. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return t('account.sessions.unknownDevice');
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return t('account.sessions.browserOn', { browser, os });
  return browser ?? os ?? userAgent.slice(0, 40);
}

/** Current, new and repeated password; optionally signs out every other device. */
export function PasswordCard() {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      revokeOtherSessions: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await unwrap(
        fullAuthClient.changePassword({
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
          revokeOtherSessions: values.revokeOtherSessions,
        }),
      );
      form.reset();
      await Promise.all([
        refreshUser(queryClient),
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
      ]);
      toast.success(
        values.revokeOtherSessions
          ? t('account.password.changedSignedOut')
          : t('account.password.changed'),
      );
    } catch (error) {
      if (error instanceof AuthRequestError && error.code === 'INVALID_PASSWORD') {
        form.setError(
          'currentPassword',
          { type: 'server', message: t('account.password.currentWrong') },
          { shouldFocus: true },
        );
      }
      toast.error(accountErrorMessage(error));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.password.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:max-w-md">
          <FormField label={t('account.password.current')} error={errors.currentPassword?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                aria-required="true"
                {...form.register('currentPassword')}
              />
            )}
          </FormField>
          <FormField
            label={t('account.password.new')}
            error={errors.newPassword?.message}
            description={t('account.password.newHint', { min: 8, max: 128 })}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                aria-required="true"
                {...form.register('newPassword')}
              />
            )}
          </FormField>
          <FormField label={t('account.password.repeat')} error={errors.confirmPassword?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                aria-required="true"
                {...form.register('confirmPassword')}
              />
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              {...form.register('revokeOtherSessions')}
            />
            {t('account.password.signOutOthers')}
          </label>
          <Button
            type="submit"
            className="justify-self-start"
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
          >
            <PendingIcon pending={isSubmitting} />
            {t('account.password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Phone number for SMS codes: send a code, then verify it. */
export function PhoneCard() {
  const queryClient = useQueryClient();
  const { data: session } = useSuspenseQuery(accountSessionQueryOptions());
  const user = session.user;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const phoneForm = useForm({
    resolver: zodResolver(phoneSchema),
    defaultValues: { phoneNumber: user.phoneNumber ?? '' },
  });
  const codeForm = useForm({ resolver: zodResolver(smsCodeSchema), defaultValues: { code: '' } });

  const sendCode = phoneForm.handleSubmit(async ({ phoneNumber }) => {
    try {
      await unwrap(fullAuthClient.phoneNumber.sendOtp({ phoneNumber }));
      setSentTo(phoneNumber);
      toast.success(t('account.phone.codeSent'));
    } catch (error) {
      phoneForm.setError('phoneNumber', { type: 'server', message: accountErrorMessage(error) });
      toast.error(accountErrorMessage(error));
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    if (!sentTo) return;
    try {
      await unwrap(
        fullAuthClient.phoneNumber.verify({ phoneNumber: sentTo, code, updatePhoneNumber: true }),
      );
      setSentTo(null);
      codeForm.reset();
      await refreshUser(queryClient);
      toast.success(t('account.phone.verified'));
    } catch (error) {
      codeForm.setError('code', { type: 'server', message: accountErrorMessage(error) });
      toast.error(accountErrorMessage(error));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('account.phone.title')}
          {user.phoneNumber && user.phoneNumberVerified ? (
            <Badge>{t('account.phone.verifiedBadge')}</Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          {user.phoneNumber ? (
            <Trans
              id="account.phone.current"
              values={{ phone: user.phoneNumber }}
              components={{ strong: <strong className="text-foreground" /> }}
            />
          ) : (
            t('account.phone.description')
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={(e) => void sendCode(e)} noValidate className="grid gap-3 sm:max-w-md">
          <FormField
            label={t('account.phone.title')}
            error={phoneForm.formState.errors.phoneNumber?.message}
            description={t('account.phone.hint')}
          >
            {(control) => (
              <Input
                {...control}
                type="tel"
                autoComplete="tel"
                placeholder="+41791234567"
                {...phoneForm.register('phoneNumber')}
              />
            )}
          </FormField>
          <Button
            type="submit"
            variant="outline"
            className="justify-self-start"
            disabled={phoneForm.formState.isSubmitting}
            aria-busy={phoneForm.formState.isSubmitting || undefined}
          >
            <PendingIcon pending={phoneForm.formState.isSubmitting} />
            {t('account.phone.send')}
          </Button>
        </form>
        {sentTo ? (
          <form onSubmit={(e) => void verify(e)} noValidate className="grid gap-3 sm:max-w-xs">
            <FormField
              label={t('account.phone.code')}
              error={codeForm.formState.errors.code?.message}
              description={t('account.phone.sentTo', { phone: sentTo })}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  {...codeForm.register('code')}
                />
              )}
            </FormField>
            <Button
              type="submit"
              className="justify-self-start"
              disabled={codeForm.formState.isSubmitting}
              aria-busy={codeForm.formState.isSubmitting || undefined}
            >
              <PendingIcon pending={codeForm.formState.isSubmitting} />
              {t('account.phone.verify')}
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Dialog to name a new passkey or rename one. */
function PasskeyNameDialog({
  open,
  onOpenChange,
  title,
  initialName,
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initialName: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  const form = useForm({
    resolver: zodResolver(passkeyNameSchema),
    values: { name: initialName },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onOpenChange(false);
    } catch (error) {
      toast.error(accountErrorMessage(error));
    }
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('account.passkeys.nameDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <FormField label={t('account.passkeys.name')} error={errors.name?.message}>
            {(control) => <Input {...control} aria-required="true" {...form.register('name')} />}
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
              <PendingIcon pending={isSubmitting} />
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Passkeys: list, add (WebAuthn), rename, delete. */
export function PasskeysCard() {
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQueryOptions());
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.passkeys.title')}</CardTitle>
        <CardDescription>{t('account.passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? <ListSkeleton /> : null}
        {passkeys.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {accountErrorMessage(passkeys.error)}
          </p>
        ) : null}
        {passkeys.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('account.passkeys.empty')}</p>
        ) : null}
        {passkeys.data?.length ? (
          <ul aria-label={t('account.passkeys.title')} className="divide-y rounded-md border">
            {passkeys.data.map((key) => {
              const name = key.name || t('account.passkeys.unnamed');
              return (
                <li key={key.id} className="flex flex-wrap items-center gap-3 p-3">
                  <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                  <div className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{name}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('account.passkeys.added', {
                        date: formatDateTime(isoOf(key.createdAt)),
                      })}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('account.passkeys.renameNamed', { name })}
                    onClick={() => setRenaming({ id: key.id, name: key.name ?? '' })}
                  >
                    <Pencil aria-hidden="true" />
                    {t('account.passkeys.rename')}
                  </Button>
                  <ConfirmButton
                    variant="ghost"
                    size="sm"
                    aria-label={t('account.passkeys.deleteNamed', { name })}
                    title={t('account.passkeys.deleteTitle')}
                    description={t('account.passkeys.deleteDescription', { name })}
                    confirmLabel={t('account.passkeys.deleteConfirm')}
                    onConfirm={async () => {
                      try {
                        await unwrap(fullAuthClient.passkey.deletePasskey({ id: key.id }));
                        await invalidate();
                        toast.success(t('account.passkeys.deleted'));
                      } catch (error) {
                        toast.error(accountErrorMessage(error));
                        throw error;
                      }
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('account.passkeys.delete')}
                  </ConfirmButton>
                </li>
              );
            })}
          </ul>
        ) : null}
        <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {t('account.passkeys.add')}
        </Button>
        <PasskeyNameDialog
          open={adding}
          onOpenChange={setAdding}
          title={t('account.passkeys.addTitle')}
          initialName=""
          submitLabel={t('account.passkeys.create')}
          onSubmit={async (name) => {
            const result = await fullAuthClient.passkey.addPasskey({ name });
            if (result?.error) throw new AuthRequestError(result.error);
            await invalidate();
            toast.success(t('account.passkeys.addedToast'));
          }}
        />
        <PasskeyNameDialog
          open={renaming !== null}
          onOpenChange={(open) => !open && setRenaming(null)}
          title={t('account.passkeys.renameTitle')}
          initialName={renaming?.name ?? ''}
          submitLabel={t('account.passkeys.saveName')}
          onSubmit={async (name) => {
            if (!renaming) return;
            await unwrap(fullAuthClient.passkey.updatePasskey({ id: renaming.id, name }));
            await invalidate();
            toast.success(t('account.passkeys.renamed'));
          }}
        />
      </CardContent>
    </Card>
  );
}

/** Every browser signed in as this user; any but this one can be signed out. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const { data: current } = useSuspenseQuery(accountSessionQueryOptions());
  const sessions = useQuery(sessionsQueryOptions());
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
  const others = (sessions.data ?? []).filter((s) => s.token !== current.session.token);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.sessions.title')}</CardTitle>
        <CardDescription>{t('account.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? <ListSkeleton /> : null}
        {sessions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {accountErrorMessage(sessions.error)}
          </p>
        ) : null}
        {sessions.data ? (
          <ul aria-label={t('account.sessions.title')} className="divide-y rounded-md border">
            {sessions.data.map((s) => {
              const isCurrent = s.token === current.session.token;
              const device = describeUserAgent(s.userAgent);
              return (
                <li key={s.id} className="flex flex-wrap items-center gap-3 p-3">
                  <div className="grid min-w-0 flex-1">
                    <span className="flex items-center gap-2 font-medium" title={s.userAgent ?? ''}>
                      {device}
                      {isCurrent ? <Badge>{t('account.sessions.thisDevice')}</Badge> : null}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t('account.sessions.details', {
                        ip: s.ipAddress || t('account.sessions.unknownIp'),
                        date: formatDateTime(isoOf(s.createdAt)),
                      })}
                    </span>
                  </div>
                  {isCurrent ? null : (
                    <ConfirmButton
                      size="sm"
                      aria-label={t('account.sessions.signOutNamed', {
                        device,
                        date: formatDateTime(isoOf(s.createdAt)),
                      })}
                      title={t('account.sessions.signOutTitle')}
                      description={t('account.sessions.signOutDescription', { device })}
                      confirmLabel={t('account.sessions.signOutConfirm')}
                      onConfirm={async () => {
                        try {
                          await unwrap(fullAuthClient.revokeSession({ token: s.token }));
                          await invalidate();
                          toast.success(t('account.sessions.signedOut'));
                        } catch (error) {
                          toast.error(accountErrorMessage(error));
                          throw error;
                        }
                      }}
                    >
                      <LogOut aria-hidden="true" />
                      {t('account.signOut')}
                    </ConfirmButton>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
        {others.length > 0 ? (
          <ConfirmButton
            className="justify-self-start"
            title={t('account.sessions.othersTitle')}
            description={t('account.sessions.othersDescription')}
            confirmLabel={t('account.sessions.othersConfirm')}
            onConfirm={async () => {
              try {
                await unwrap(fullAuthClient.revokeOtherSessions());
                await invalidate();
                toast.success(t('account.sessions.othersSignedOut'));
              } catch (error) {
                toast.error(accountErrorMessage(error));
                throw error;
              }
            }}
          >
            <LogOut aria-hidden="true" />
            {t('account.sessions.others')}
          </ConfirmButton>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Accounts signed in on this browser (multi-session): switch between them or sign one out. */
export function DeviceSessionsCard() {
  const queryClient = useQueryClient();
  const { data: current } = useSuspenseQuery(accountSessionQueryOptions());
  const devices = useQuery(deviceSessionsQueryOptions());
  const { switchAccount, pendingToken: switching } = useSwitchAccount();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.devices.title')}</CardTitle>
        <CardDescription>{t('account.devices.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {devices.isPending ? <ListSkeleton /> : null}
        {devices.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {accountErrorMessage(devices.error)}
          </p>
        ) : null}
        {devices.data ? (
          <ul aria-label={t('account.devices.title')} className="divide-y rounded-md border">
            {devices.data.map(({ session, user }) => {
              const isCurrent = session.token === current.session.token;
              return (
                <li key={session.token} className="flex flex-wrap items-center gap-3 p-3">
                  <div className="grid min-w-0 flex-1">
                    <span className="flex items-center gap-2 font-medium">
                      <span className="truncate">{user.name}</span>
                      {isCurrent ? <Badge>{t('account.devices.active')}</Badge> : null}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                  </div>
                  {isCurrent ? null : (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t('account.devices.switchTo', { email: user.email })}
                        disabled={switching !== null}
                        onClick={() => void switchAccount(session.token)}
                      >
                        <PendingIcon pending={switching === session.token} />
                        {t('account.devices.switch')}
                      </Button>
                      <ConfirmButton
                        size="sm"
                        variant="ghost"
                        aria-label={t('account.devices.signOutNamed', { email: user.email })}
                        title={t('account.devices.signOutTitle')}
                        description={t('account.devices.signOutDescription', {
                          email: user.email,
                        })}
                        confirmLabel={t('account.signOut')}
                        onConfirm={async () => {
                          try {
                            await unwrap(
                              fullAuthClient.multiSession.revoke({ sessionToken: session.token }),
                            );
                            await queryClient.invalidateQueries({
                              queryKey: deviceSessionsQueryOptions().queryKey,
                            });
                            toast.success(t('account.devices.signedOut'));
                          } catch (error) {
                            toast.error(accountErrorMessage(error));
                            throw error;
                          }
                        }}
                      >
                        <LogOut aria-hidden="true" />
                        {t('account.signOut')}
                      </ConfirmButton>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
        <Button variant="outline" className="justify-self-start" asChild>
          {/* addAccount: the sign-in page would otherwise send a signed-in visitor away. */}
          <Link to="/auth/sign-in" search={{ addAccount: true }}>
            <UserPlus aria-hidden="true" />
            {t('account.devices.add')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
