import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Lock, Pencil, Plus, ShieldQuestion, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { fullAuthClient } from '../auth/auth-client-full';
import { meQueryOptions } from '../me/api';
import {
  customRolesQueryOptions,
  organizationKeys,
  unwrap,
  useOrganizationAccess,
  type CustomRole,
} from './api';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { permissionSummary } from './permission-grid';
import { RoleForm, type Permission } from './role-form';
import { useAuthMutation } from './use-auth-mutation';
import { t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Prefetches what the page reads (its route's loader, with and without a slug). */
export async function loadRolesPage(queryClient: QueryClient): Promise<void> {
  const me = await queryClient.ensureQueryData(meQueryOptions());
  await queryClient.ensureQueryData(customRolesQueryOptions(me.organizationId));
}

export function RolesPage() {
  useDocumentTitle(t('workspace.roles.documentTitle'));
  const access = useOrganizationAccess();
  const { organizationId } = access;
  const { data: roles } = useSuspenseQuery(customRolesQueryOptions(organizationId));
  const [createOpen, setCreateOpen] = useState(false);
  const canRead = access.can('ac', 'read');
  const canCreate = access.can('ac', 'create');
  const canUpdate = access.can('ac', 'update');
  const canDelete = access.can('ac', 'delete');
  const invalidate = () => [organizationKeys.roles(organizationId)];

  const createRole = useAuthMutation({
    mutationFn: ({ role, permission }: { role: string; permission: Permission }) =>
      unwrap(fullAuthClient.organization.createRole({ role, permission, organizationId })),
    invalidate,
    successMessage: (v) => t('workspace.roles.toast.created', { role: v.role }),
  });
  const updateRole = useAuthMutation({
    mutationFn: ({
      roleName,
      role,
      permission,
    }: {
      roleName: string;
      role: string;
      permission: Permission;
    }) =>
      unwrap(
        fullAuthClient.organization.updateRole({
          roleName,
          organizationId,
          data: role === roleName ? { permission } : { permission, roleName: role },
        }),
      ),
    invalidate,
    successMessage: t('workspace.roles.toast.updated'),
  });
  const deleteRole = useAuthMutation({
    mutationFn: (roleName: string) =>
      unwrap(fullAuthClient.organization.deleteRole({ roleName, organizationId })),
    invalidate,
    successMessage: t('workspace.roles.toast.deleted'),
  });

  if (!canRead) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 pt-6 text-sm">
          <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p>{t('workspace.roles.notAllowed')}</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t('workspace.roles.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('workspace.roles.intro')}</p>
        </div>
        {canCreate ? (
          <Dialog open={createOpen} onOpenChange={setCreateOpen}>
            <DialogTrigger asChild>
              <Button>
                <Plus aria-hidden="true" />
                {t('workspace.roles.new')}
              </Button>
            </DialogTrigger>
            <DialogContent className="max-w-2xl">
              <DialogHeader>
                <DialogTitle>{t('workspace.roles.new')}</DialogTitle>
                <DialogDescription>{t('workspace.roles.new.description')}</DialogDescription>
              </DialogHeader>
              <RoleForm
                defaultName=""
                defaultPermission={{}}
                submitLabel={t('workspace.roles.create')}
                onSubmit={async (values) => {
                  await createRole.mutateAsync(values);
                  setCreateOpen(false);
                }}
              />
            </DialogContent>
          </Dialog>
        ) : null}
      </div>
      {roles.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 pt-6 text-sm text-muted-foreground">
            <ShieldQuestion className="size-5" aria-hidden="true" />
            {t('workspace.roles.empty')}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label={t('workspace.roles.title')}>
          {roles.map((role) => (
            <li key={role.id}>
              <Card>
                <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
                  <div className="grid gap-1">
                    <CardTitle>{role.role}</CardTitle>
                    <CardDescription>
                      {t('workspace.roles.permissionCount', {
                        count: permissionSummary(role.permission).length,
                      })}
                    </CardDescription>
                  </div>
                  <div className="flex gap-2">
                    {canUpdate ? (
                      <EditRoleDialog
                        role={role}
                        onSave={(values) =>
                          updateRole.mutateAsync({ roleName: role.role, ...values })
                        }
                      />
                    ) : null}
                    {canDelete ? (
                      <ConfirmAction
                        trigger={
                          <Button
                            variant="outline"
                            size="sm"
                            className="text-destructive hover:text-destructive"
                            aria-label={t('workspace.roles.deleteNamed', { role: role.role })}
                          >
                            <Trash2 aria-hidden="true" />
                            {t('workspace.delete')}
                          </Button>
                        }
                        title={t('workspace.roles.delete.title')}
                        description={t('workspace.roles.delete.description', { role: role.role })}
                        confirmLabel={t('workspace.roles.delete.confirm')}
                        onConfirm={() => deleteRole.mutateAsync(role.role)}
                      />
                    ) : null}
                  </div>
                </CardHeader>
                <CardContent>
                  <div className="flex flex-wrap gap-1">
                    {permissionSummary(role.permission).map((p) => (
                      <Badge key={p.id} variant="outline">
                        {p.label}
                      </Badge>
                    ))}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EditRoleDialog({
  role,
  onSave,
}: {
  role: CustomRole;
  onSave: (values: { role: string; permission: Permission }) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const permission = Object.fromEntries(
    Object.entries(role.permission).map(([resource, actions]) => [resource, [...(actions ?? [])]]),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('workspace.roles.editNamed', { role: role.role })}
        >
          <Pencil aria-hidden="true" />
          {t('workspace.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('workspace.roles.editNamed', { role: role.role })}</DialogTitle>
          <DialogDescription>{t('workspace.roles.edit.description')}</DialogDescription>
        </DialogHeader>
        <RoleForm
          defaultName={role.role}
          defaultPermission={permission}
          submitLabel={t('workspace.roles.save')}
          onSubmit={async (values) => {
            await onSave(values);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
