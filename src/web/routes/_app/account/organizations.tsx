import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ArrowRightLeft, Building2, Check, LogOut, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
  organizationsQueryOptions,
  unwrap,
} from '../../../features/organization/api';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { OrganizationForm } from '../../../features/organization/organization-form';
import type { OrganizationFormValues } from '../../../features/organization/schemas';
import { useAuthMutation } from '../../../features/organization/use-auth-mutation';
import { useSwitchWorkspace } from '../../../features/organization/use-switch-workspace';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_app/account/organizations')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(organizationsQueryOptions()),
  component: OrganizationsPage,
});

function OrganizationsPage() {
  useDocumentTitle('Organizations');
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
    successMessage: (values) => `Workspace "${values.name}" created`,
  });

  return (
    <AccountLayout title="Organizations">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-sm text-muted-foreground">
          The workspaces you belong to. Each has its own companies, members and roles.
        </p>
        <Dialog open={createOpen} onOpenChange={setCreateOpen}>
          <DialogTrigger asChild>
            <Button>
              <Plus aria-hidden="true" />
              New workspace
            </Button>
          </DialogTrigger>
          <DialogContent className="max-w-xl">
            <DialogHeader>
              <DialogTitle>New workspace</DialogTitle>
              <DialogDescription>You become its owner.</DialogDescription>
            </DialogHeader>
            <OrganizationForm
              deriveSlug
              defaultValues={{ name: '', slug: '', logo: null }}
              submitLabel="Create workspace"
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
            You do not belong to any workspace yet.
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Your workspaces">
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
  const { switchWorkspace, pendingId } = useSwitchWorkspace();
  const leave = useAuthMutation({
    mutationFn: () =>
      unwrap(fullAuthClient.organization.leave({ organizationId: organization.id })),
    invalidate: () => [organizationKeys.list()],
    successMessage: `You left "${organization.name}"`,
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
                Active
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
                Role:{' '}
                {splitRoles(role.data ?? '').map((r) => (
                  <Badge key={r} variant="outline" className="mr-1">
                    {r}
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
              aria-label={`Switch to ${organization.name}`}
              onClick={() => void switchWorkspace(organization.id)}
            >
              <ArrowRightLeft aria-hidden="true" />
              Switch
            </Button>
          )}
          <ConfirmAction
            trigger={
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                aria-label={`Leave ${organization.name}`}
              >
                <LogOut aria-hidden="true" />
                Leave
              </Button>
            }
            title="Leave workspace?"
            description={`You lose access to "${organization.name}" until someone invites you again.`}
            confirmLabel="Leave workspace"
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
                else toast.info('You have no workspace left. Create one to continue.');
              }
            }}
          />
        </div>
      </CardHeader>
    </Card>
  );
}
