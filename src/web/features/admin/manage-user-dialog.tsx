import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Ban, KeyRound, LogOut, Settings2, ShieldCheck, Trash2, UserRoundCog } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { t } from '../../lib/i18n';
import { formatDateTime } from '../../lib/format';
import { fullAuthClient } from '../auth/auth-client-full';
import { clearUserData, sessionQueryOptions } from '../auth/session';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { unwrap } from '../organization/api';
import { useAuthMutation } from '../organization/use-auth-mutation';
import { adminKeys, type AdminUser } from './api';

const DAY_SECONDS = 86_400;
const BAN_DURATIONS = ['1', '7', '30', 'forever'] as const;

/** "7 days" or "Until unbanned", in the active language. */
function banDurationLabel(value: (typeof BAN_DURATIONS)[number]): string {
  return value === 'forever'
    ? t('admin.ban.untilUnbanned')
    : t('admin.ban.days', { count: Number(value) });
}
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

function SectionTitle({ children }: { children: ReactNode }) {
  return <h3 className="text-sm font-semibold">{children}</h3>;
}

/** Everything a platform admin can do to one user, each with a confirmation. */
export function ManageUserDialog({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [open, setOpen] = useState(false);
  const [banReason, setBanReason] = useState('');
  const [banDuration, setBanDuration] = useState<string>('7');
  const [password, setPassword] = useState('');
  const ids = { reason: useId(), duration: useId(), password: useId() };
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invalidate = () => [adminKeys.users()];
  const userId = user.id;

  const ban = useAuthMutation({
    mutationFn: () =>
      unwrap(
        fullAuthClient.admin.banUser({
          userId,
          ...(banReason.trim() ? { banReason: banReason.trim() } : {}),
          ...(banDuration === 'forever' ? {} : { banExpiresIn: Number(banDuration) * DAY_SECONDS }),
        }),
      ),
    invalidate,
    successMessage: t('admin.ban.done', { name: user.name }),
  });
  const unban = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.unbanUser({ userId })),
    invalidate,
    successMessage: t('admin.unban.done', { name: user.name }),
  });
  const revokeSessions = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.revokeUserSessions({ userId })),
    invalidate,
    successMessage: t('admin.sessions.revoked', { name: user.name }),
  });
  const setPasswordMutation = useAuthMutation({
    mutationFn: () =>
      unwrap(fullAuthClient.admin.setUserPassword({ userId, newPassword: password })),
    successMessage: t('admin.password.done', { name: user.name }),
  });
  const remove = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.removeUser({ userId })),
    invalidate,
    successMessage: t('admin.delete.done', { name: user.name }),
  });
  const impersonate = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.impersonateUser({ userId })),
  });

  const passwordError =
    password.length > 0 && password.length < PASSWORD_MIN_LENGTH
      ? t('admin.password.tooShort', { min: PASSWORD_MIN_LENGTH })
      : undefined;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('admin.manage.named', { email: user.email })}
        >
          <Settings2 aria-hidden="true" />
          <span className="hidden sm:inline">{t('admin.manage.button')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{user.name}</DialogTitle>
          <DialogDescription className="break-all">{user.email}</DialogDescription>
        </DialogHeader>
        {isSelf ? (
          <p className="text-sm text-muted-foreground">{t('admin.manage.self')}</p>
        ) : (
          <div className="grid gap-5">
            <section className="grid gap-2">
              <SectionTitle>{t('admin.ban.title')}</SectionTitle>
              {user.banned ? (
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="destructive">{t('admin.ban.banned')}</Badge>
                  <span className="text-muted-foreground">
                    {user.banExpires
                      ? t('admin.ban.detailsUntil', {
                          reason: user.banReason
                            ? t('admin.ban.quotedReason', { reason: user.banReason })
                            : t('admin.ban.noReason'),
                          date: formatDateTime(new Date(user.banExpires).toISOString()),
                        })
                      : t('admin.ban.detailsUnbanned', {
                          reason: user.banReason
                            ? t('admin.ban.quotedReason', { reason: user.banReason })
                            : t('admin.ban.noReason'),
                        })}
                  </span>
                  <ConfirmAction
                    trigger={
                      <Button variant="outline" size="sm">
                        <ShieldCheck aria-hidden="true" />
                        {t('admin.unban.button')}
                      </Button>
                    }
                    title={t('admin.unban.title')}
                    description={t('admin.unban.description', { name: user.name })}
                    confirmLabel={t('admin.unban.button')}
                    onConfirm={() => unban.mutateAsync()}
                  />
                </div>
              ) : (
                <div className="grid items-end gap-2 sm:grid-cols-[1fr_10rem_auto]">
                  <div className="grid gap-1.5">
                    <Label htmlFor={ids.reason}>{t('admin.ban.reason')}</Label>
                    <Input
                      id={ids.reason}
                      value={banReason}
                      maxLength={200}
                      onChange={(event) => setBanReason(event.target.value)}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={ids.duration}>{t('admin.ban.duration')}</Label>
                    <Select
                      id={ids.duration}
                      value={banDuration}
                      onChange={(event) => setBanDuration(event.target.value)}
                    >
                      {BAN_DURATIONS.map((value) => (
                        <option key={value} value={value}>
                          {banDurationLabel(value)}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <ConfirmAction
                    trigger={
                      <Button variant="outline" className="text-destructive hover:text-destructive">
                        <Ban aria-hidden="true" />
                        {t('admin.ban.button')}
                      </Button>
                    }
                    title={t('admin.ban.confirmTitle')}
                    description={t('admin.ban.description', { name: user.name })}
                    confirmLabel={t('admin.ban.button')}
                    onConfirm={() => ban.mutateAsync()}
                  />
                </div>
              )}
            </section>

            <section className="grid gap-2">
              <SectionTitle>{t('admin.sessions.title')}</SectionTitle>
              <div className="flex flex-wrap gap-2">
                <ConfirmAction
                  trigger={
                    <Button variant="outline">
                      <LogOut aria-hidden="true" />
                      {t('admin.sessions.revokeAll')}
                    </Button>
                  }
                  title={t('admin.sessions.confirmTitle')}
                  description={t('admin.sessions.description', { name: user.name })}
                  confirmLabel={t('admin.sessions.confirm')}
                  onConfirm={() => revokeSessions.mutateAsync()}
                />
                <ConfirmAction
                  trigger={
                    <Button variant="outline">
                      <UserRoundCog aria-hidden="true" />
                      {t('admin.impersonation.button')}
                    </Button>
                  }
                  title={t('admin.impersonation.confirmTitle', { name: user.name })}
                  description={t('admin.impersonation.description')}
                  confirmLabel={t('admin.impersonation.button')}
                  onConfirm={async () => {
                    await impersonate.mutateAsync();
                    setOpen(false);
                    clearUserData(queryClient);
                    await queryClient.refetchQueries({ queryKey: sessionQueryOptions().queryKey });
                    toast.success(t('admin.impersonation.started', { name: user.name }));
                    await navigate({ to: '/companies' });
                  }}
                />
              </div>
            </section>

            <section className="grid gap-2">
              <SectionTitle>{t('admin.password.title')}</SectionTitle>
              <div className="grid items-start gap-2 sm:grid-cols-[1fr_auto]">
                <div className="grid gap-1.5">
                  <Label htmlFor={ids.password}>{t('admin.password.new')}</Label>
                  <Input
                    id={ids.password}
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    maxLength={PASSWORD_MAX_LENGTH}
                    aria-invalid={passwordError ? true : undefined}
                    aria-describedby={passwordError ? `${ids.password}-error` : undefined}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                  {passwordError ? (
                    <p
                      id={`${ids.password}-error`}
                      className="text-xs font-medium text-destructive"
                    >
                      {passwordError}
                    </p>
                  ) : null}
                </div>
                <ConfirmAction
                  trigger={
                    <Button
                      variant="outline"
                      className="sm:mt-[1.375rem]"
                      disabled={password.length < PASSWORD_MIN_LENGTH}
                    >
                      <KeyRound aria-hidden="true" />
                      {t('admin.password.button')}
                    </Button>
                  }
                  title={t('admin.password.confirmTitle')}
                  description={t('admin.password.description', { name: user.name })}
                  confirmLabel={t('admin.password.button')}
                  onConfirm={async () => {
                    await setPasswordMutation.mutateAsync();
                    setPassword('');
                  }}
                />
              </div>
            </section>

            <section className="grid gap-2">
              <SectionTitle>{t('admin.delete.title')}</SectionTitle>
              <ConfirmAction
                trigger={
                  <Button
                    variant="outline"
                    className="justify-self-start text-destructive hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                    {t('admin.delete.button')}
                  </Button>
                }
                title={t('admin.delete.confirmTitle')}
                description={t('admin.delete.description', { name: user.name, email: user.email })}
                confirmLabel={t('admin.delete.button')}
                onConfirm={async () => {
                  await remove.mutateAsync();
                  setOpen(false);
                }}
              />
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
