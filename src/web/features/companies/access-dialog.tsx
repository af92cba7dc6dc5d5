import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Loader2, Lock, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { administersClientAccess, type ClientAccess } from '../../../contracts/client-access';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { meQueryOptions } from '../me/api';
import { roleLabel } from '../organization/role-names';
import { clientAccessQueryOptions, useSetClientAccess } from './access-api';
import { losingAccess } from './access-loss';

/**
 * Client access (issue 15, decision 029): owners and admins choose who sees the company — everyone
 * in the workspace, or only the teams and members ticked — and see who can, and why.
 */
export function AccessDialog({
  companyId,
  companyName,
}: {
  companyId: string;
  companyName: string;
}) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const [open, setOpen] = useState(false);
  if (!administersClientAccess(me.role)) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Users aria-hidden="true" />
          {t('companies.access.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('companies.access.title', { name: companyName })}</DialogTitle>
          <DialogDescription>{t('companies.access.description')}</DialogDescription>
        </DialogHeader>
        {open ? <AccessForm companyId={companyId} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AccessForm({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const { data, error, isPending } = useQuery(clientAccessQueryOptions(companyId));
  if (isPending)
    return (
      <div role="status" aria-live="polite" className="grid gap-3">
        <span className="sr-only">{t('companies.access.loading')}</span>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error, t('companies.access.loadFailed'))}
      </p>
    );
  return <AccessChoice current={data} companyId={companyId} onDone={onDone} />;
}

const REASON_LABELS = {
  role: 'companies.access.reason.role',
  everyone: 'companies.access.reason.everyone',
  member: 'companies.access.reason.member',
} as const;

function reasonText(viewer: ClientAccess['viewers'][number]): string {
  const parts = viewer.reasons.map((r) =>
    r === 'team'
      ? t('companies.access.reason.team', { teams: viewer.teams.join(', ') })
      : t(REASON_LABELS[r]),
  );
  return parts.join('; ');
}

function rolesText(role: string): string {
  return role
    .split(',')
    .map((r) => roleLabel(r.trim()))
    .join(', ');
}

function AccessChoice({
  current,
  companyId,
  onDone,
}: {
  current: ClientAccess;
  companyId: string;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSetClientAccess(companyId);
  const [access, setAccess] = useState(current.access);
  const [userIds, setUserIds] = useState<string[]>(current.userIds);
  const [teamIds, setTeamIds] = useState<string[]>(current.teamIds);
  const [filter, setFilter] = useState('');
  const [confirming, setConfirming] = useState(false);
  const next = {
    access,
    userIds: access === 'restricted' ? userIds : [],
    teamIds: access === 'restricted' ? teamIds : [],
  };
  const losing = losingAccess(current, next);
  const needle = filter.trim().toLocaleLowerCase();
  const matches = (...texts: string[]) =>
    !needle || texts.some((text) => text.toLocaleLowerCase().includes(needle));
  // Owners and admins see every company: they are not in the list to tick.
  const listable = current.members.filter((m) => !administersClientAccess(m.role));
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);

  async function submit() {
    try {
      await save.mutateAsync(next);
      toast.success(
        next.access === 'restricted'
          ? t('companies.access.saved.restricted')
          : t('companies.access.saved.everyone'),
      );
      setConfirming(false);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, t('companies.access.saveFailed')));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (losing.length > 0) setConfirming(true);
    else void submit();
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('companies.access.choice')}</legend>
        {(['everyone', 'restricted'] as const).map((value) => (
          <div key={value} className="flex items-start gap-2 text-sm">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-access`}
              value={value}
              checked={access === value}
              onChange={() => setAccess(value)}
              className="mt-0.5 size-4 accent-primary"
            />
            <label htmlFor={`${id}-${value}`}>
              {value === 'everyone'
                ? t('companies.access.everyone')
                : t('companies.access.restricted')}
              <span className="block text-xs text-muted-foreground">
                {value === 'everyone'
                  ? t('companies.access.everyone.hint')
                  : t('companies.access.restricted.hint')}
              </span>
            </label>
          </div>
        ))}
      </fieldset>

      {access === 'restricted' ? (
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-filter`}>{t('companies.access.filter')}</Label>
            <Input
              id={`${id}-filter`}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              autoComplete="off"
            />
          </div>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">{t('companies.access.teams')}</legend>
            {current.teams.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('companies.access.noTeams')}</p>
            ) : null}
            {current.teams
              .filter((team) => matches(team.name))
              .map((team) => (
                <div key={team.id} className="flex items-center gap-2 text-sm">
                  <input
                    id={`${id}-team-${team.id}`}
                    type="checkbox"
                    checked={teamIds.includes(team.id)}
                    onChange={(e) => setTeamIds(toggle(teamIds, team.id, e.target.checked))}
                    className="size-4 accent-primary"
                  />
                  <label htmlFor={`${id}-team-${team.id}`}>
                    {team.name}{' '}
                    <span className="text-xs text-muted-foreground">
                      {t('companies.access.teamSize', { count: team.memberIds.length })}
                    </span>
                  </label>
                </div>
              ))}
          </fieldset>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">{t('companies.access.members')}</legend>
            <p className="text-xs text-muted-foreground">{t('companies.access.adminsAlways')}</p>
            {listable
              .filter((m) => matches(m.name, m.email))
              .map((m) => (
                <div key={m.userId} className="flex items-center gap-2 text-sm">
                  <input
                    id={`${id}-member-${m.userId}`}
                    type="checkbox"
                    checked={userIds.includes(m.userId)}
                    onChange={(e) => setUserIds(toggle(userIds, m.userId, e.target.checked))}
                    className="size-4 accent-primary"
                  />
                  <label htmlFor={`${id}-member-${m.userId}`}>
                    {m.name}{' '}
                    <span className="text-xs text-muted-foreground">
                      {m.email} · {rolesText(m.role)}
                    </span>
                  </label>
                </div>
              ))}
          </fieldset>
        </div>
      ) : null}

      <section aria-labelledby={`${id}-who`} className="grid gap-2">
        <h3 id={`${id}-who`} className="text-sm font-medium">
          {t('companies.access.who')}
        </h3>
        <ul className="grid gap-1 text-sm">
          {current.viewers.map((v) => (
            <li key={v.userId} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{v.name}</span>
              <span className="text-muted-foreground">{rolesText(v.role)}</span>
              <span className="text-muted-foreground">— {reasonText(v)}</span>
            </li>
          ))}
        </ul>
      </section>

      <DialogFooter>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('companies.access.save')}
        </Button>
      </DialogFooter>

      <AlertDialog open={confirming} onOpenChange={(o) => !save.isPending && setConfirming(o)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('companies.access.confirm.title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('companies.access.confirm.description', { count: losing.length })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ul className="grid gap-1 text-sm">
            {losing.map((v) => (
              <li key={v.userId}>
                <Lock className="me-1 inline size-3.5" aria-hidden="true" />
                {v.name} <span className="text-muted-foreground">({v.email})</span>
              </li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={save.isPending}>{t('common.cancel')}</AlertDialogCancel>
            <AlertDialogConfirm
              tone="destructive"
              onClick={() => void submit()}
              disabled={save.isPending}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('companies.access.confirm.button')}
            </AlertDialogConfirm>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
