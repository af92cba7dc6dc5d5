import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Loader2, Lock, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import {
  BUSINESS_ACTIONS,
  BUSINESS_RESOURCES,
  type BusinessAction,
  type BusinessResource,
} from '../../../contracts/access-control';
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
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { fullAuthClient } from '../auth/auth-client-full';
import {
  fullOrganizationQueryOptions,
  organizationKeys,
  unwrap,
  useOrganizationAccess,
  workspaceApiKeysQueryOptions,
} from './api';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { compactPermission, PermissionGrid, permissionSummary } from './permission-grid';
import { createKeySchema, type WorkspaceKeyValues } from './schemas';
import { useAuthMutation } from './use-auth-mutation';
import { formatDate, formatDateTime } from '../../lib/format';
import { msg, t } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const DAY_SECONDS = 86_400;
const EXPIRY_OPTIONS = [
  { value: '30', label: msg('workspace.apiKeys.expiry.30') },
  { value: '90', label: msg('workspace.apiKeys.expiry.90') },
  { value: '365', label: msg('workspace.apiKeys.expiry.365') },
  { value: 'never', label: msg('workspace.apiKeys.never') },
] as const;

type CreateKeyValues = WorkspaceKeyValues;

function toIso(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

export function WorkspaceApiKeysPage() {
  useDocumentTitle(t('workspace.apiKeys.title'));
  const access = useOrganizationAccess();
  const { organizationId } = access;
  // better-auth checks the `apiKey` statement for workspace keys: owners and admins hold it.
  const canManage = access.can('apiKey', 'create');
  const keys = useQuery({ ...workspaceApiKeysQueryOptions(organizationId), enabled: canManage });
  const workspace = useQuery({
    ...fullOrganizationQueryOptions(organizationId),
    enabled: canManage,
  });
  /** The creator's name, or null when they are no longer a member (their keys have stopped). */
  const creatorOf = (metadata: unknown): string | null => {
    const createdBy = (metadata as { createdBy?: unknown } | null)?.createdBy;
    const found = workspace.data?.members.find((m) => m.userId === createdBy);
    return found ? found.user.name : null;
  };
  const [createOpen, setCreateOpen] = useState(false);
  const [createdKey, setCreatedKey] = useState<string | null>(null);

  // A key gets at most what its creator's role allows (the server checks the same).
  const grantable = BUSINESS_RESOURCES.map(
    (resource) =>
      [resource, BUSINESS_ACTIONS.filter((action) => access.can(resource, action))] as const,
  );

  const createKey = useAuthMutation({
    mutationFn: ({ name, expiry, permissions }: CreateKeyValues) =>
      unwrap(
        fullAuthClient.apiKey.create({
          configId: 'organization',
          organizationId,
          name,
          // better-auth keeps `permissions` server-only; our /api/auth/api-key/create
          // (src/server/auth/api-key-create.ts) validates them and creates the key on the server.
          permissions: compactPermission(permissions) as Partial<
            Record<BusinessResource, BusinessAction[]>
          >,
          ...(expiry === 'never' ? {} : { expiresIn: Number(expiry) * DAY_SECONDS }),
        }),
      ),
    invalidate: () => [organizationKeys.apiKeys(organizationId)],
    successMessage: t('workspace.apiKeys.toast.created'),
  });
  const revokeKey = useAuthMutation({
    mutationFn: (keyId: string) =>
      unwrap(fullAuthClient.apiKey.delete({ keyId, configId: 'organization' })),
    invalidate: () => [organizationKeys.apiKeys(organizationId)],
    successMessage: t('workspace.apiKeys.toast.revoked'),
  });

  const form = useForm<CreateKeyValues>({
    resolver: zodResolver(createKeySchema()),
    defaultValues: { name: '', expiry: '90', permissions: {} },
  });

  if (!canManage) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 pt-6 text-sm">
          <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p>{t('workspace.apiKeys.notAllowed')}</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t('workspace.apiKeys.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('workspace.apiKeys.intro')}</p>
        </div>
        <Dialog
          open={createOpen}
          onOpenChange={(next) => {
            if (createKey.isPending) return;
            setCreateOpen(next);
            if (!next) {
              setCreatedKey(null);
              form.reset();
            }
          }}
        >
          <DialogTrigger asChild>
            <Button>
              <Plus aria-hidden="true" />
              {t('workspace.apiKeys.new')}
            </Button>
          </DialogTrigger>
          <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
            {createdKey ? (
              <>
                <DialogHeader>
                  <DialogTitle>{t('workspace.apiKeys.created.title')}</DialogTitle>
                  <DialogDescription>
                    {t('workspace.apiKeys.created.description')}
                  </DialogDescription>
                </DialogHeader>
                <code
                  className="block rounded-md border bg-muted p-3 font-mono text-sm break-all"
                  aria-label={t('workspace.apiKeys.created.key')}
                >
                  {createdKey}
                </code>
                <DialogFooter>
                  <Button
                    variant="outline"
                    onClick={() =>
                      void navigator.clipboard
                        .writeText(createdKey)
                        .then(() => toast.success(t('workspace.apiKeys.copied')))
                        .catch(() => toast.error(t('workspace.apiKeys.copyFailed')))
                    }
                  >
                    <Copy aria-hidden="true" />
                    {t('workspace.apiKeys.copy')}
                  </Button>
                  <Button onClick={() => setCreateOpen(false)}>
                    {t('workspace.apiKeys.done')}
                  </Button>
                </DialogFooter>
              </>
            ) : (
              <>
                <DialogHeader>
                  <DialogTitle>{t('workspace.apiKeys.new.title')}</DialogTitle>
                  <DialogDescription>{t('workspace.apiKeys.new.description')}</DialogDescription>
                </DialogHeader>
                <form
                  noValidate
                  className="grid gap-4"
                  onSubmit={form.handleSubmit(async (values) => {
                    try {
                      const created = await createKey.mutateAsync(values);
                      setCreatedKey(created?.key ?? null);
                    } catch {
                      // Reported by the mutation.
                    }
                  })}
                >
                  <FormField
                    label={t('workspace.apiKeys.form.name')}
                    error={form.formState.errors.name?.message}
                  >
                    {(control) => <Input {...control} {...form.register('name')} maxLength={32} />}
                  </FormField>
                  <FormField
                    label={t('workspace.apiKeys.form.expiry')}
                    error={form.formState.errors.expiry?.message}
                  >
                    {(control) => (
                      <Select {...control} {...form.register('expiry')}>
                        {EXPIRY_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {t(o.label)}
                          </option>
                        ))}
                      </Select>
                    )}
                  </FormField>
                  <Controller
                    control={form.control}
                    name="permissions"
                    render={({ field, fieldState }) => (
                      <PermissionGrid
                        label={t('workspace.permissions.label')}
                        resources={grantable}
                        value={field.value}
                        onChange={field.onChange}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <DialogFooter>
                    <Button type="submit" disabled={form.formState.isSubmitting}>
                      {form.formState.isSubmitting ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : null}
                      {t('workspace.apiKeys.create')}
                    </Button>
                  </DialogFooter>
                </form>
              </>
            )}
          </DialogContent>
        </Dialog>
      </div>

      {keys.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : keys.isError ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('workspace.apiKeys.loadFailed')}</CardTitle>
            <CardDescription>{keys.error.message}</CardDescription>
          </CardHeader>
        </Card>
      ) : keys.data.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 pt-6 text-sm text-muted-foreground">
            <KeyRound className="size-5" aria-hidden="true" />
            {t('workspace.apiKeys.empty')}
          </CardContent>
        </Card>
      ) : (
        <Table aria-label={t('workspace.apiKeys.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('workspace.apiKeys.column.name')}</TableHead>
              <TableHead>{t('workspace.apiKeys.column.key')}</TableHead>
              <TableHead>{t('workspace.permissions.label')}</TableHead>
              <TableHead className="hidden md:table-cell">
                {t('workspace.apiKeys.column.createdBy')}
              </TableHead>
              <TableHead className="hidden md:table-cell">
                {t('workspace.apiKeys.column.created')}
              </TableHead>
              <TableHead className="hidden md:table-cell">
                {t('workspace.apiKeys.column.expires')}
              </TableHead>
              <TableHead className="hidden lg:table-cell">
                {t('workspace.apiKeys.column.lastUsed')}
              </TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t('common.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.data.map((key) => {
              const expiresAt = toIso(key.expiresAt);
              const lastRequest = toIso(key.lastRequest);
              const creator = creatorOf(key.metadata);
              return (
                <TableRow key={key.id}>
                  <TableCell className="font-medium">
                    {key.name ?? t('workspace.apiKeys.unnamed')}
                  </TableCell>
                  <TableCell>
                    <code className="font-mono text-xs">{key.start ?? key.prefix ?? '…'}…</code>
                    {key.enabled === false ? (
                      <Badge variant="outline" className="ml-2">
                        {t('workspace.apiKeys.disabled')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <PermissionList permissions={key.permissions} />
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    {workspace.isPending ? (
                      <Skeleton className="h-4 w-24" />
                    ) : creator ? (
                      creator
                    ) : (
                      <Badge variant="outline">{t('workspace.apiKeys.formerMember')}</Badge>
                    )}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">
                    {formatDate(new Date(key.createdAt).toISOString())}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">
                    {expiresAt ? formatDate(expiresAt) : t('workspace.apiKeys.never')}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground lg:table-cell">
                    {lastRequest ? formatDateTime(lastRequest) : t('workspace.apiKeys.neverUsed')}
                  </TableCell>
                  <TableCell className="text-right">
                    <ConfirmAction
                      trigger={
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-destructive hover:text-destructive"
                          aria-label={
                            key.name
                              ? t('workspace.apiKeys.revokeNamed', { name: key.name })
                              : t('workspace.apiKeys.revokeUnnamed')
                          }
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="hidden sm:inline">{t('workspace.apiKeys.revoke')}</span>
                        </Button>
                      }
                      title={t('workspace.apiKeys.revoke.title')}
                      description={
                        key.name
                          ? t('workspace.apiKeys.revoke.description', { name: key.name })
                          : t('workspace.apiKeys.revoke.descriptionUnnamed')
                      }
                      confirmLabel={t('workspace.apiKeys.revoke.confirm')}
                      onConfirm={() => revokeKey.mutateAsync(key.id)}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

/** What a key may do, as `resource:action` chips (null: created before permissions were set). */
function PermissionList({
  permissions,
}: {
  permissions: Partial<Record<string, readonly string[]>> | null | undefined;
}) {
  const granted = permissions ? permissionSummary(permissions) : [];
  if (granted.length === 0) {
    return <span className="text-muted-foreground">{t('workspace.permissions.none')}</span>;
  }
  return (
    <ul aria-label={t('workspace.permissions.label')} className="flex max-w-md flex-wrap gap-1">
      {granted.map((permission) => (
        <li key={permission.id}>
          {/* The stored name (`company:read`) on hover: what the API's own messages call it. */}
          <Badge variant="outline" className="text-xs font-normal" title={permission.id}>
            {permission.label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
