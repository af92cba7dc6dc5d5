import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ArrowRightLeft, Building2, Check, LogOut, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { splitRoles } from '../../../../contracts/access-control';
import { AccountLayout } from '../../../features/account/account-layout';
import { fullAuthClient } from '../../../features/auth/auth-client-full';
import { meQueryOptions } from '../../../features/me/api';
import {
  myOrganizationRoleQueryOptions,
  organizationKeys,
  ownerCountQueryOptions,
  organizationsQueryOptions,
  unwrap,
} from '../../../features/organization/api';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { OrganizationForm } from '../../../features/organization/organization-form';
import type { OrganizationFormValues } from '../../../features/organization/schemas';
import { roleLabel } from '../../../features/organization/role-names';
import { useAuthMutation } from '../../../features/organization/use-auth-mutation';
import { useSwitchWorkspace } from '../../../features/organization/use-switch-workspace';
import { t } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/account/organizations')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(organizationsQueryOptions()),
  component: OrganizationsPage,
});

function OrganizationsPage() {
  useDocumentTitle(t('account.workspaces.title'));
  const { data: organizations } = useSuspenseQuery(organizationsQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const [createOpen, setCreateOpen] = useState(false);
  const create = useAuthMutation({
    mutationFn: (values: OrganizationFormValues) =>
      unwrap(
        fullAuthClient.organization.create({
          name: values.name,
          slug: values.slug,
          ...(values.logo ? { logo: values.logo } : {}),
          // Creating is not switching: the user switches when they choose to.
          keepCurrentActiveOrganization: true,
        }),
      ),
    invalidate: () => [organizationKeys.list()],
    successMessage: (values) => t('account.workspaces.created', { name: values.name }),
  });

  return (
    <AccountLayout title={t('account.workspaces.title')}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-sm text-muted-foreground">{t('account.workspaces.description')}</p>
        <Dialog open={createOpen} onOpenChange={setCreateOpen}>
          <DialogTrigger asChild>
            <Button>
              <Plus aria-hidden="true" />
              {t('account.workspaces.new')}
            </Button>
          </DialogTrigger>
          <DialogContent className="max-w-xl">
            <DialogHeader>
              <DialogTitle>{t('account.workspaces.new')}</DialogTitle>
              <DialogDescription>{t('account.workspaces.newDescription')}</DialogDescription>
            </DialogHeader>
            <OrganizationForm
              deriveSlug
              defaultValues={{ name: '', slug: '', logo: null }}
              submitLabel={t('account.workspaces.create')}
              onSubmit={async (values) => {
                await create.mutateAsync(values);
                setCreateOpen(false);
              }}
            />
          </DialogContent>
        </Dialog>
      </div>
      {organizations.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 pt-6 text-sm text-muted-foreground">
            <Building2 className="size-5" aria-hidden="true" />
            {t('account.workspaces.empty')}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label={t('account.workspaces.list')}>
          {organizations.map((organization) => (
            <li key={organization.id}>
              <WorkspaceRow
                organization={organization}
                isActive={organization.id === me.organizationId}
              />
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

function WorkspaceRow({
  organization,
  isActive,
}: {
  organization: { id: string; name: string; slug: string; logo?: string | null | undefined };
  isActive: boolean;
}) {
  const queryClient = useQueryClient();
  const role = useQuery(myOrganizationRoleQueryOptions(organization.id));
  const isOwner = splitRoles(role.data ?? '').includes('owner');
  const owners = useQuery({ ...ownerCountQueryOptions(organization.id), enabled: isOwner });
  // better-auth refuses to let the last owner leave: say why before they try (issue 12).
  const soleOwner = isOwner && owners.data !== undefined && owners.data <= 1;
  const leaveHintId = useId();
  const { switchWorkspace, pendingId } = useSwitchWorkspace();
  const leave = useAuthMutation({
    mutationFn: () =>
      unwrap(fullAuthClient.organization.leave({ organizationId: organization.id })),
    invalidate: () => [organizationKeys.list()],
    successMessage: t('account.workspaces.left', { name: organization.name }),
  });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center gap-3">
        <Avatar
          name={organization.name}
          image={organization.logo}
          size={40}
          className="rounded-md"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            <span className="truncate">{organization.name}</span>
            {isActive ? (
              <Badge variant="default">
                <Check className="mr-1 size-3" aria-hidden="true" />
                {t('account.devices.active')}
              </Badge>
            ) : null}
          </CardTitle>
          <CardDescription className="flex flex-wrap items-center gap-2">
            <code className="text-xs">{organization.slug}</code>
            <span aria-hidden="true">·</span>
            {role.isPending ? (
              <Skeleton className="h-4 w-16" />
            ) : (
              <span>
                {t('account.workspaces.role')}{' '}
                {splitRoles(role.data ?? '').map((r) => (
                  <Badge key={r} variant="outline" className="mr-1">
                    {roleLabel(r)}
                  </Badge>
                ))}
              </span>
            )}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {isActive ? null : (
            <Button
              variant="outline"
              size="sm"
              disabled={pendingId !== null}
              aria-label={t('account.workspaces.switchTo', { name: organization.name })}
              onClick={() => void switchWorkspace(organization.id)}
            >
              <ArrowRightLeft aria-hidden="true" />
              {t('account.devices.switch')}
            </Button>
          )}
          {soleOwner ? (
            // Focusable (aria-disabled, not disabled) so a screen reader reaches the reason.
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              aria-label={t('account.workspaces.leaveNamed', { name: organization.name })}
              aria-disabled="true"
              aria-describedby={leaveHintId}
            >
              <LogOut aria-hidden="true" />
              {t('account.workspaces.leave')}
            </Button>
          ) : (
            <ConfirmAction
              trigger={
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  aria-label={t('account.workspaces.leaveNamed', { name: organization.name })}
                >
                  <LogOut aria-hidden="true" />
                  {t('account.workspaces.leave')}
                </Button>
              }
              title={t('account.workspaces.leaveTitle')}
              description={t('account.workspaces.leaveDescription', { name: organization.name })}
              confirmLabel={t('account.workspaces.leaveConfirm')}
              onConfirm={async () => {
                await leave.mutateAsync();
                if (isActive) {
                  // The session has no active workspace any more: move to another one.
                  const rest = await queryClient.fetchQuery({
                    ...organizationsQueryOptions(),
                    staleTime: 0,
                  });
                  const next = rest.find((o) => o.id !== organization.id);
                  if (next) await switchWorkspace(next.id);
                  else toast.info(t('account.workspaces.noneLeft'));
                }
              }}
            />
          )}
        </div>
        {soleOwner ? (
          <p id={leaveHintId} className="basis-full text-sm text-muted-foreground">
            {t('account.workspaces.soleOwnerLeave')}
          </p>
        ) : null}
      </CardHeader>
    </Card>
  );
}
