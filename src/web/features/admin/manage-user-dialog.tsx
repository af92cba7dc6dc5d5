import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Ban, KeyRound, LogOut, Settings2, ShieldCheck, Trash2, UserRoundCog } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
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
import { formatDateTime } from '../../lib/format';
import { fullAuthClient } from '../auth/auth-client-full';
import { clearUserData, sessionQueryOptions } from '../auth/session';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { unwrap } from '../organization/api';
import { useAuthMutation } from '../organization/use-auth-mutation';
import { adminKeys, type AdminUser } from './api';

const DAY_SECONDS = 86_400;
const BAN_DURATIONS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'forever', label: 'Until unbanned' },
] as const;
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
    successMessage: `${user.name} is banned`,
  });
  const unban = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.unbanUser({ userId })),
    invalidate,
    successMessage: `${user.name} is no longer banned`,
  });
  const revokeSessions = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.revokeUserSessions({ userId })),
    invalidate,
    successMessage: `${user.name} is signed out everywhere`,
  });
  const setPasswordMutation = useAuthMutation({
    mutationFn: () =>
      unwrap(fullAuthClient.admin.setUserPassword({ userId, newPassword: password })),
    successMessage: `Password of ${user.name} changed`,
  });
  const remove = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.removeUser({ userId })),
    invalidate,
    successMessage: `${user.name} deleted`,
  });
  const impersonate = useAuthMutation({
    mutationFn: () => unwrap(fullAuthClient.admin.impersonateUser({ userId })),
  });

  const passwordError =
    password.length > 0 && password.length < PASSWORD_MIN_LENGTH
      ? `At least ${PASSWORD_MIN_LENGTH} characters.`
      : undefined;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Manage ${user.email}`}>
          <Settings2 aria-hidden="true" />
          <span className="hidden sm:inline">Manage</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{user.name}</DialogTitle>
          <DialogDescription className="break-all">{user.email}</DialogDescription>
        </DialogHeader>
        {isSelf ? (
          <p className="text-sm text-muted-foreground">
            This is your own account; manage it from your account pages.
          </p>
        ) : (
          <div className="grid gap-5">
            <section className="grid gap-2">
              <SectionTitle>Ban</SectionTitle>
              {user.banned ? (
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="destructive">Banned</Badge>
                  <span className="text-muted-foreground">
                    {user.banReason ? `“${user.banReason}”` : 'No reason given'}
                    {user.banExpires
                      ? `, until ${formatDateTime(new Date(user.banExpires).toISOString())}`
                      : ', until unbanned'}
                  </span>
                  <ConfirmAction
                    trigger={
                      <Button variant="outline" size="sm">
                        <ShieldCheck aria-hidden="true" />
                        Unban
                      </Button>
                    }
                    title="Unban user?"
                    description={`${user.name} can sign in again.`}
                    confirmLabel="Unban"
                    onConfirm={() => unban.mutateAsync()}
                  />
                </div>
              ) : (
                <div className="grid items-end gap-2 sm:grid-cols-[1fr_10rem_auto]">
                  <div className="grid gap-1.5">
                    <Label htmlFor={ids.reason}>Reason</Label>
                    <Input
                      id={ids.reason}
                      value={banReason}
                      maxLength={200}
                      onChange={(event) => setBanReason(event.target.value)}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={ids.duration}>Duration</Label>
                    <Select
                      id={ids.duration}
                      value={banDuration}
                      onChange={(event) => setBanDuration(event.target.value)}
                    >
                      {BAN_DURATIONS.map((d) => (
                        <option key={d.value} value={d.value}>
                          {d.label}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <ConfirmAction
                    trigger={
                      <Button variant="outline" className="text-destructive hover:text-destructive">
                        <Ban aria-hidden="true" />
                        Ban user
                      </Button>
                    }
                    title="Ban user?"
                    description={`${user.name} is signed out and cannot sign in while banned.`}
                    confirmLabel="Ban user"
                    onConfirm={() => ban.mutateAsync()}
                  />
                </div>
              )}
            </section>

            <section className="grid gap-2">
              <SectionTitle>Sessions</SectionTitle>
              <div className="flex flex-wrap gap-2">
                <ConfirmAction
                  trigger={
                    <Button variant="outline">
                      <LogOut aria-hidden="true" />
                      Revoke all sessions
                    </Button>
                  }
                  title="Revoke all sessions?"
                  description={`${user.name} is signed out on every device.`}
                  confirmLabel="Revoke sessions"
                  onConfirm={() => revokeSessions.mutateAsync()}
                />
                <ConfirmAction
                  trigger={
                    <Button variant="outline">
                      <UserRoundCog aria-hidden="true" />
                      Impersonate
                    </Button>
                  }
                  title={`Impersonate ${user.name}?`}
                  description="You will see the app as this user until you stop impersonating. Your actions are recorded as theirs."
                  confirmLabel="Impersonate"
                  onConfirm={async () => {
                    await impersonate.mutateAsync();
                    setOpen(false);
                    clearUserData(queryClient);
                    await queryClient.refetchQueries({ queryKey: sessionQueryOptions().queryKey });
                    toast.success(`You are now impersonating ${user.name}`);
                    await navigate({ to: '/companies' });
                  }}
                />
              </div>
            </section>

            <section className="grid gap-2">
              <SectionTitle>Password</SectionTitle>
              <div className="grid items-start gap-2 sm:grid-cols-[1fr_auto]">
                <div className="grid gap-1.5">
                  <Label htmlFor={ids.password}>New password</Label>
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
                      Set password
                    </Button>
                  }
                  title="Set a new password?"
                  description={`${user.name}'s password is replaced. Tell them through a safe channel.`}
                  confirmLabel="Set password"
                  onConfirm={async () => {
                    await setPasswordMutation.mutateAsync();
                    setPassword('');
                  }}
                />
              </div>
            </section>

            <section className="grid gap-2">
              <SectionTitle>Delete</SectionTitle>
              <ConfirmAction
                trigger={
                  <Button
                    variant="outline"
                    className="justify-self-start text-destructive hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                    Delete user
                  </Button>
                }
                title="Delete user?"
                description={`${user.name} (${user.email}) and their sessions are deleted. This cannot be undone.`}
                confirmLabel="Delete user"
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
