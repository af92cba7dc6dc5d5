import type { QueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { TEAM_NAME_MAX_LENGTH, teamSchema, type TeamNameValues } from './schemas';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Loader2, Pencil, Plus, Trash2, UserMinus, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '../../components/ui/avatar';
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
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { fullAuthClient } from '../auth/auth-client-full';
import {
  fullOrganizationQueryOptions,
  organizationKeys,
  teamMembersQueryOptions,
  teamsQueryOptions,
  unwrap,
  useOrganizationAccess,
  type OrganizationMember,
} from './api';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { useAuthMutation } from './use-auth-mutation';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { meQueryOptions } from '../me/api';

/** Prefetches what the page reads (its route's loader, with and without a slug). */
export async function loadTeamsPage(queryClient: QueryClient): Promise<void> {
  const me = await queryClient.ensureQueryData(meQueryOptions());
  await queryClient.ensureQueryData(teamsQueryOptions(me.organizationId));
}

type TeamValues = TeamNameValues;

function TeamNameForm({
  defaultName,
  submitLabel,
  onSubmit,
}: {
  defaultName: string;
  submitLabel: string;
  onSubmit: (values: TeamValues) => Promise<unknown>;
}) {
  const form = useForm<TeamValues>({
    resolver: zodResolver(teamSchema()),
    defaultValues: { name: defaultName },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <form
      noValidate
      className="grid items-start gap-3 sm:grid-cols-[1fr_auto]"
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onSubmit(values);
          form.reset({ name: defaultName });
        } catch {
          // Reported by the caller.
        }
      })}
    >
      <FormField label={t('workspace.teams.form.name')} error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} maxLength={TEAM_NAME_MAX_LENGTH} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="sm:mt-[1.375rem]">
        {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}

export function TeamsPage() {
  useDocumentTitle(t('workspace.teams.documentTitle'));
  const access = useOrganizationAccess();
  const { organizationId } = access;
  const { data: teams } = useSuspenseQuery(teamsQueryOptions(organizationId));
  const canCreate = access.can('team', 'create');
  const createTeam = useAuthMutation({
    mutationFn: ({ name }: TeamValues) =>
      unwrap(fullAuthClient.organization.createTeam({ name, organizationId })),
    invalidate: () => [organizationKeys.teams(organizationId)],
    successMessage: (v) => t('workspace.teams.toast.created', { name: v.name }),
  });

  return (
    <div className="grid gap-6">
      {canCreate ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('workspace.teams.new')}</CardTitle>
            <CardDescription>{t('workspace.teams.new.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <TeamNameForm
              defaultName=""
              submitLabel={t('workspace.teams.create')}
              onSubmit={(values) => createTeam.mutateAsync(values)}
            />
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="teams-heading" className="grid gap-3">
        <h2 id="teams-heading" className="text-lg font-semibold">
          {t('workspace.teams.heading', { count: teams.length })}
        </h2>
        {teams.length === 0 ? (
          <Card>
            <CardContent className="flex items-center gap-3 pt-6 text-sm text-muted-foreground">
              <UsersRound className="size-5" aria-hidden="true" />
              {t('workspace.teams.empty')}
            </CardContent>
          </Card>
        ) : (
          <ul className="grid gap-4">
            {teams.map((team) => (
              <li key={team.id}>
                <TeamCard team={team} isLastTeam={teams.length === 1} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TeamCard({
  team,
  isLastTeam,
}: {
  team: { id: string; name: string };
  /** better-auth (without `allowRemovingAllTeams`) refuses to delete a workspace's last team. */
  isLastTeam: boolean;
}) {
  const access = useOrganizationAccess();
  const { organizationId } = access;
  const canUpdate = access.can('team', 'update');
  const canDelete = access.can('team', 'delete');
  // better-auth adds and removes team members under member:update.
  const canManageMembers = access.can('member', 'update');
  const { data: organization } = useQuery(fullOrganizationQueryOptions(organizationId));
  const teamMembers = useQuery(teamMembersQueryOptions(organizationId, team.id));
  const [renameOpen, setRenameOpen] = useState(false);
  const [userToAdd, setUserToAdd] = useState('');
  const addId = useId();

  const teamKeys = () => [organizationKeys.teams(organizationId)];
  const rename = useAuthMutation({
    mutationFn: ({ name }: TeamValues) =>
      unwrap(
        fullAuthClient.organization.updateTeam({ teamId: team.id, data: { name, organizationId } }),
      ),
    invalidate: teamKeys,
    successMessage: t('workspace.teams.toast.renamed'),
  });
  const remove = useAuthMutation({
    mutationFn: () =>
      unwrap(fullAuthClient.organization.removeTeam({ teamId: team.id, organizationId })),
    invalidate: teamKeys,
    successMessage: () => t('workspace.teams.toast.deleted', { name: team.name }),
  });
  const addMember = useAuthMutation({
    mutationFn: (userId: string) =>
      unwrap(fullAuthClient.organization.addTeamMember({ teamId: team.id, userId })),
    invalidate: teamKeys,
    successMessage: t('workspace.teams.toast.memberAdded'),
  });
  const removeMember = useAuthMutation({
    mutationFn: (userId: string) =>
      unwrap(fullAuthClient.organization.removeTeamMember({ teamId: team.id, userId })),
    invalidate: teamKeys,
    successMessage: t('workspace.teams.toast.memberRemoved'),
  });

  const byUserId = new Map<string, OrganizationMember>(
    (organization?.members ?? []).map((m) => [m.userId, m]),
  );
  const inTeam = new Set((teamMembers.data ?? []).map((m) => m.userId));
  const candidates = (organization?.members ?? []).filter((m) => !inTeam.has(m.userId));

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{team.name}</CardTitle>
        <div className="flex gap-2">
          {canUpdate ? (
            <Dialog open={renameOpen} onOpenChange={setRenameOpen}>
              <DialogTrigger asChild>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t('workspace.teams.renameNamed', { name: team.name })}
                >
                  <Pencil aria-hidden="true" />
                  {t('workspace.teams.rename')}
                </Button>
              </DialogTrigger>
              <DialogContent>
                <DialogHeader>
                  <DialogTitle>{t('workspace.teams.rename.title')}</DialogTitle>
                  <DialogDescription>{t('workspace.teams.rename.description')}</DialogDescription>
                </DialogHeader>
                <TeamNameForm
                  defaultName={team.name}
                  submitLabel={t('workspace.save')}
                  onSubmit={async (values) => {
                    await rename.mutateAsync(values);
                    setRenameOpen(false);
                  }}
                />
                <DialogFooter />
              </DialogContent>
            </Dialog>
          ) : null}
          {canDelete && isLastTeam ? (
            <Button
              variant="outline"
              size="sm"
              disabled
              aria-label={t('workspace.teams.deleteNamed', { name: team.name })}
              title={t('workspace.teams.lastTeam')}
            >
              <Trash2 aria-hidden="true" />
              {t('workspace.delete')}
            </Button>
          ) : canDelete ? (
            <ConfirmAction
              trigger={
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  aria-label={t('workspace.teams.deleteNamed', { name: team.name })}
                >
                  <Trash2 aria-hidden="true" />
                  {t('workspace.delete')}
                </Button>
              }
              title={t('workspace.teams.delete.title')}
              description={t('workspace.teams.delete.description', { name: team.name })}
              confirmLabel={t('workspace.teams.delete.confirm')}
              onConfirm={() => remove.mutateAsync()}
            />
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {teamMembers.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : teamMembers.isError ? (
          <p className="text-sm text-destructive">{teamMembers.error.message}</p>
        ) : teamMembers.data === null ? (
          <p className="text-sm text-muted-foreground">{t('workspace.teams.membersHidden')}</p>
        ) : teamMembers.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('workspace.teams.noMembers')}</p>
        ) : (
          <ul
            className="grid gap-2"
            aria-label={t('workspace.teams.membersOf', { name: team.name })}
          >
            {teamMembers.data.map((teamMember) => {
              const member = byUserId.get(teamMember.userId);
              const name = member?.user.name ?? teamMember.userId;
              return (
                <li key={teamMember.id} className="flex items-center gap-2 text-sm">
                  <Avatar name={name} image={member?.user.image} size={28} />
                  <span className="min-w-0 flex-1 truncate">
                    {name}
                    {member ? (
                      <span className="text-muted-foreground"> · {member.user.email}</span>
                    ) : null}
                  </span>
                  {canManageMembers ? (
                    <ConfirmAction
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t('workspace.teams.removeMemberNamed', {
                            member: name,
                            team: team.name,
                          })}
                        >
                          <UserMinus aria-hidden="true" />
                        </Button>
                      }
                      title={t('workspace.teams.removeMember.title')}
                      description={t('workspace.teams.removeMember.description', {
                        member: name,
                        team: team.name,
                      })}
                      confirmLabel={t('workspace.remove')}
                      onConfirm={() => removeMember.mutateAsync(teamMember.userId)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {canManageMembers && candidates.length > 0 ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={async (event) => {
              event.preventDefault();
              if (!userToAdd) return;
              try {
                await addMember.mutateAsync(userToAdd);
                setUserToAdd('');
              } catch {
                // Reported by the mutation.
              }
            }}
          >
            <div className="grid min-w-48 flex-1 gap-1.5">
              <Label htmlFor={addId}>{t('workspace.teams.addMember')}</Label>
              <Select
                id={addId}
                value={userToAdd}
                onChange={(event) => setUserToAdd(event.target.value)}
              >
                <option value="">{t('workspace.teams.addMember.choose')}</option>
                {candidates.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.user.name} ({m.user.email})
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="outline" disabled={!userToAdd || addMember.isPending}>
              {addMember.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Plus aria-hidden="true" />
              )}
              {t('workspace.teams.addMember.submit')}
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
