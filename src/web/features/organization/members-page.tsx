import { now as clockNow } from '../../lib/clock';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { MailX, UserMinus, X } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { splitRoles } from '../../../contracts/access-control';
import { fullAuthClient } from '../auth/auth-client-full';
import { sessionQueryOptions } from '../auth/session';
import {
  customRolesQueryOptions,
  fullOrganizationQueryOptions,
  organizationKeys,
  unwrap,
  useOrganizationAccess,
  type OrganizationInvitation,
} from './api';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { InviteMemberForm } from './invite-member-form';
import { invitationState, type InvitationState } from './invitation-state';
import { RolePickerDialog } from './role-picker-dialog';
import { roleLabel } from './role-names';
import { BUILT_IN_ROLE_NAMES } from './schemas';
import { useAuthMutation } from './use-auth-mutation';
import { formatDateTime } from '../../lib/format';
import { msg, t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { meQueryOptions } from '../me/api';

const STATE_VARIANT: Record<InvitationState, 'default' | 'secondary' | 'outline' | 'destructive'> =
  {
    pending: 'default',
    accepted: 'secondary',
    rejected: 'destructive',
    cancelled: 'outline',
    expired: 'outline',
  };

const STATE_LABELS: Record<InvitationState, string> = {
  pending: msg('workspace.invitations.state.pending'),
  accepted: msg('workspace.invitations.state.accepted'),
  rejected: msg('workspace.invitations.state.rejected'),
  cancelled: msg('workspace.invitations.state.cancelled'),
  expired: msg('workspace.invitations.state.expired'),
};

export function MembersPage() {
  useDocumentTitle(t('workspace.members.documentTitle'));
  const access = useOrganizationAccess();
  const { organizationId } = access;
  const { data: organization } = useSuspenseQuery(fullOrganizationQueryOptions(organizationId));
  const { data: session } = useQuery(sessionQueryOptions());
  const canReadRoles = access.can('ac', 'read');
  const { data: customRoles = [], isPending: rolesLoading } = useQuery({
    ...customRolesQueryOptions(organizationId),
    enabled: canReadRoles,
  });
  const roleNames = [...BUILT_IN_ROLE_NAMES, ...customRoles.map((r) => r.role)];
  const canUpdate = access.can('member', 'update');
  const canRemove = access.can('member', 'delete');
  const canInvite = access.can('invitation', 'create');
  const canCancel = access.can('invitation', 'cancel');
  const affected = () => [organizationKeys.full(organizationId), meQueryOptions().queryKey];

  const updateRole = useAuthMutation({
    mutationFn: ({ memberId, roles }: { memberId: string; roles: string[] }) =>
      unwrap(
        fullAuthClient.organization.updateMemberRole({
          memberId,
          organizationId,
          // Custom role names are not in the client's role union; the server accepts them.
          role: roles as Parameters<typeof fullAuthClient.organization.updateMemberRole>[0]['role'],
        }),
      ),
    invalidate: affected,
    successMessage: t('workspace.members.toast.roleUpdated'),
  });
  const removeMember = useAuthMutation({
    mutationFn: (memberId: string) =>
      unwrap(
        fullAuthClient.organization.removeMember({ memberIdOrEmail: memberId, organizationId }),
      ),
    invalidate: affected,
    successMessage: t('workspace.members.toast.removed'),
  });
  const invite = useAuthMutation({
    mutationFn: ({ email, role }: { email: string; role: string }) =>
      unwrap(
        fullAuthClient.organization.inviteMember({
          email,
          organizationId,
          role: role as Parameters<typeof fullAuthClient.organization.inviteMember>[0]['role'],
        }),
      ),
    invalidate: affected,
    successMessage: (variables) =>
      t('workspace.invitations.toast.sent', { email: variables.email }),
  });
  const cancelInvitation = useAuthMutation({
    mutationFn: (invitationId: string) =>
      unwrap(fullAuthClient.organization.cancelInvitation({ invitationId })),
    invalidate: affected,
    successMessage: t('workspace.invitations.toast.cancelled'),
  });

  const now = clockNow();
  const invitations = [...organization.invitations].sort(
    (a, b) => new Date(b.expiresAt).getTime() - new Date(a.expiresAt).getTime(),
  );

  return (
    <div className="grid gap-6">
      <section aria-labelledby="members-heading" className="grid gap-3">
        <h2 id="members-heading" className="text-lg font-semibold">
          {t('workspace.members.heading', { count: organization.members.length })}
        </h2>
        <Table aria-labelledby="members-heading">
          <TableHeader>
            <TableRow>
              <TableHead>{t('workspace.members.column.name')}</TableHead>
              <TableHead>{t('workspace.members.column.roles')}</TableHead>
              <TableHead className="hidden md:table-cell">
                {t('workspace.members.column.joined')}
              </TableHead>
              {canUpdate || canRemove ? (
                <TableHead className="text-right">
                  <span className="sr-only">{t('common.actions')}</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {organization.members.map((member) => {
              const isSelf = member.userId === session?.user.id;
              return (
                <TableRow key={member.id}>
                  <TableCell>
                    <div className="flex items-center gap-2">
                      <Avatar name={member.user.name} image={member.user.image} size={32} />
                      <div className="grid min-w-0">
                        <span className="truncate font-medium">
                          {member.user.name}
                          {isSelf ? (
                            <span className="text-muted-foreground">
                              {' '}
                              {t('workspace.members.you')}
                            </span>
                          ) : null}
                        </span>
                        <span className="truncate text-xs text-muted-foreground">
                          {member.user.email}
                        </span>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      {splitRoles(member.role).map((role) => (
                        <Badge key={role} variant={role === 'owner' ? 'default' : 'secondary'}>
                          {roleLabel(role)}
                        </Badge>
                      ))}
                    </div>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">
                    {formatDateTime(new Date(member.createdAt).toISOString())}
                  </TableCell>
                  {canUpdate || canRemove ? (
                    <TableCell>
                      <div className="flex justify-end gap-2">
                        {canUpdate ? (
                          <RolePickerDialog
                            memberName={member.user.name}
                            currentRole={member.role}
                            roleNames={roleNames}
                            loading={canReadRoles && rolesLoading}
                            onSave={(roles) =>
                              updateRole.mutateAsync({ memberId: member.id, roles })
                            }
                          />
                        ) : null}
                        {canRemove && !isSelf ? (
                          <ConfirmAction
                            trigger={
                              <Button
                                variant="outline"
                                size="sm"
                                className="text-destructive hover:text-destructive"
                                aria-label={t('workspace.members.removeNamed', {
                                  name: member.user.name,
                                })}
                              >
                                <UserMinus aria-hidden="true" />
                                <span className="hidden sm:inline">{t('workspace.remove')}</span>
                              </Button>
                            }
                            title={t('workspace.members.remove.title')}
                            description={t('workspace.members.remove.description', {
                              member: member.user.name,
                              workspace: organization.name,
                            })}
                            confirmLabel={t('workspace.members.remove.confirm')}
                            onConfirm={() => removeMember.mutateAsync(member.id)}
                          />
                        ) : null}
                      </div>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </section>

      {canInvite ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('workspace.invite.title')}</CardTitle>
            <CardDescription>{t('workspace.invite.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteMemberForm
              // Only owners may invite owners (better-auth's rule).
              roleNames={access.isOwner ? roleNames : roleNames.filter((r) => r !== 'owner')}
              onInvite={(values) => invite.mutateAsync(values)}
            />
          </CardContent>
        </Card>
      ) : null}

      <section aria-labelledby="invitations-heading" className="grid gap-3">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          {t('workspace.invitations.title')}
        </h2>
        {invitations.length === 0 ? (
          <Card>
            <CardContent className="flex items-center gap-3 pt-6 text-sm text-muted-foreground">
              <MailX className="size-5" aria-hidden="true" />
              {t('workspace.invitations.empty')}
            </CardContent>
          </Card>
        ) : (
          <Table aria-labelledby="invitations-heading">
            <TableHeader>
              <TableRow>
                <TableHead>{t('workspace.invitations.column.email')}</TableHead>
                <TableHead>{t('workspace.invitations.column.role')}</TableHead>
                <TableHead>{t('workspace.invitations.column.state')}</TableHead>
                <TableHead className="hidden md:table-cell">
                  {t('workspace.invitations.column.expires')}
                </TableHead>
                {canCancel ? (
                  <TableHead className="text-right">
                    <span className="sr-only">{t('common.actions')}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {invitations.map((invitation: OrganizationInvitation) => {
                const state = invitationState(invitation, now);
                return (
                  <TableRow key={invitation.id}>
                    <TableCell className="font-medium break-all">{invitation.email}</TableCell>
                    <TableCell>{splitRoles(invitation.role).map(roleLabel).join(', ')}</TableCell>
                    <TableCell>
                      <Badge variant={STATE_VARIANT[state]}>{t(STATE_LABELS[state])}</Badge>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground md:table-cell">
                      {formatDateTime(new Date(invitation.expiresAt).toISOString())}
                    </TableCell>
                    {canCancel ? (
                      <TableCell className="text-right">
                        {state === 'pending' ? (
                          <ConfirmAction
                            trigger={
                              <Button
                                variant="outline"
                                size="sm"
                                aria-label={t('workspace.invitations.cancelNamed', {
                                  email: invitation.email,
                                })}
                              >
                                <X aria-hidden="true" />
                                <span className="hidden sm:inline">
                                  {t('workspace.invitations.cancel')}
                                </span>
                              </Button>
                            }
                            title={t('workspace.invitations.cancel.title')}
                            description={t('workspace.invitations.cancel.description', {
                              email: invitation.email,
                            })}
                            confirmLabel={t('workspace.invitations.cancel.confirm')}
                            onConfirm={() => cancelInvitation.mutateAsync(invitation.id)}
                          />
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
