import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { BUSINESS_ACTIONS, BUSINESS_RESOURCES } from '../../../contracts/access-control';
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
import { msg, t, Trans } from '../../lib/i18n';
import { fullAuthClient } from '../auth/auth-client-full';
import { can, meQueryOptions } from '../me/api';
import { PermissionGrid } from '../organization/permission-grid';
import { copyText } from './account-layout';
import { accountErrorMessage, apiKeysQueryOptions, AuthRequestError, unwrap } from './api';
import {
  apiKeyFormSchema,
  createApiKeyBody,
  emptyApiKeyForm,
  type ApiKeyFormValues,
} from './api-key-form';
import { ConfirmButton } from './confirm-button';
import { LoadingSkeleton } from '../../components/loading-skeleton';

function isoOf(value: string | Date | null | undefined): string {
  if (!value) return '';
  return typeof value === 'string' ? value : value.toISOString();
}

/** The secret, shown once after creation. */
function NewKeyDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('account.apiKeys.new.title')}</DialogTitle>
          <DialogDescription>{t('account.apiKeys.new.description')}</DialogDescription>
        </DialogHeader>
        <code
          data-testid="new-api-key"
          className="rounded-md border bg-muted/50 p-3 font-mono text-sm break-all"
        >
          {secret}
        </code>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() =>
              void copyText(secret ?? '').then((ok) =>
                ok
                  ? toast.success(t('account.apiKeys.new.copied'))
                  : toast.error(t('account.copyFailed')),
              )
            }
          >
            <Copy aria-hidden="true" />
            {t('account.apiKeys.new.copy')}
          </Button>
          <Button onClick={onClose}>{t('account.apiKeys.new.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const numberFields = [
  [
    'expiresInDays',
    msg('account.apiKeys.field.expiresInDays'),
    msg('account.apiKeys.field.expiresInDays.hint'),
  ],
  [
    'remaining',
    msg('account.apiKeys.field.remaining'),
    msg('account.apiKeys.field.remaining.hint'),
  ],
  [
    'refillAmount',
    msg('account.apiKeys.field.refillAmount'),
    msg('account.apiKeys.field.refillAmount.hint'),
  ],
  [
    'refillIntervalDays',
    msg('account.apiKeys.field.refillIntervalDays'),
    msg('account.apiKeys.field.refillIntervalDays.hint'),
  ],
  [
    'rateLimitMax',
    msg('account.apiKeys.field.rateLimitMax'),
    msg('account.apiKeys.field.rateLimitMax.hint'),
  ],
  [
    'rateLimitWindowSeconds',
    msg('account.apiKeys.field.rateLimitWindowSeconds'),
    msg('account.apiKeys.field.rateLimitWindowSeconds.hint'),
  ],
] as const;

/** The creation form (in a dialog): name, limits, permissions, metadata. */
function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: string) => void;
}) {
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const form = useForm<ApiKeyFormValues>({
    resolver: zodResolver(apiKeyFormSchema),
    defaultValues: emptyApiKeyForm,
  });
  const { errors, isSubmitting } = form.formState;
  // Only what the user's role allows can be granted to the key (the server checks both).
  const resources = BUSINESS_RESOURCES.map(
    (resource) =>
      [resource, BUSINESS_ACTIONS.filter((action) => can(me, resource, action))] as const,
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await unwrap(
        fullAuthClient.apiKey.create(createApiKeyBody(values, me.organizationId)),
      );
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey });
      form.reset(emptyApiKeyForm);
      onOpenChange(false);
      onCreated(created.key);
    } catch (error) {
      if (error instanceof AuthRequestError && /NAME/.test(error.code ?? '')) {
        form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      toast.error(accountErrorMessage(error));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('account.apiKeys.create')}</DialogTitle>
          <DialogDescription>{t('account.apiKeys.createDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <FormField label={t('account.apiKeys.field.name')} error={errors.name?.message}>
            {(control) => <Input {...control} aria-required="true" {...form.register('name')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {numberFields.map(([field, label, hint]) => (
              <FormField
                key={field}
                label={t(label)}
                description={t(hint)}
                error={errors[field]?.message}
              >
                {(control) => <Input {...control} inputMode="numeric" {...form.register(field)} />}
              </FormField>
            ))}
          </div>
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <PermissionGrid
                label={t('account.apiKeys.field.permissions')}
                resources={resources}
                value={field.value}
                onChange={field.onChange}
                error={(errors.permissions as { message?: string } | undefined)?.message}
              />
            )}
          />
          <FormField
            label={t('account.apiKeys.field.metadata')}
            error={errors.metadata?.message}
            description={t('account.apiKeys.field.metadata.hint', {
              example: '{"integration": "payroll"}',
            })}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                className="w-full rounded-md border border-input bg-card px-3 py-2 font-mono text-sm shadow-xs aria-invalid:border-destructive"
                {...form.register('metadata')}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
              {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('account.apiKeys.createSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Personal API keys: list, create (shown once), revoke. */
export function ApiKeysCard() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQueryOptions());
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.apiKeys.title')}</CardTitle>
        <CardDescription>
          <Trans
            id="account.apiKeys.description"
            values={{ header: 'x-api-key' }}
            components={{ code: <code /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {keys.isPending ? (
          <LoadingSkeleton label={t('common.loading')} bars={['h-12 w-full', 'h-12 w-full']} />
        ) : null}
        {keys.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {accountErrorMessage(keys.error)}
          </p>
        ) : null}
        {keys.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('account.apiKeys.empty')}</p>
        ) : null}
        {keys.data?.length ? (
          <ul aria-label={t('account.tab.apiKeys')} className="divide-y rounded-md border">
            {keys.data.map((key) => {
              const name = key.name ?? t('account.apiKeys.unnamed');
              return (
                <li key={key.id} className="flex flex-wrap items-center gap-3 p-3">
                  <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                  <div className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{name}</span>
                    <span className="text-xs text-muted-foreground">
                      <code>{key.start ?? key.prefix ?? ''}…</code>
                      {' · '}
                      {t('account.apiKeys.created', { date: formatDateTime(isoOf(key.createdAt)) })}
                      {key.expiresAt
                        ? ` · ${t('account.apiKeys.expires', { date: formatDateTime(isoOf(key.expiresAt)) })}`
                        : ''}
                      {' · '}
                      {key.lastRequest
                        ? t('account.apiKeys.lastUsed', {
                            date: formatDateTime(isoOf(key.lastRequest)),
                          })
                        : t('account.apiKeys.neverUsed')}
                      {key.remaining !== null
                        ? ` · ${t('account.apiKeys.usesLeft', { count: key.remaining })}`
                        : ''}
                    </span>
                  </div>
                  <ConfirmButton
                    size="sm"
                    variant="ghost"
                    aria-label={t('account.apiKeys.revokeNamed', { name })}
                    title={t('account.apiKeys.revokeTitle')}
                    description={t('account.apiKeys.revokeDescription', { name })}
                    confirmLabel={t('account.apiKeys.revokeConfirm')}
                    onConfirm={async () => {
                      try {
                        await unwrap(fullAuthClient.apiKey.delete({ keyId: key.id }));
                        await queryClient.invalidateQueries({
                          queryKey: apiKeysQueryOptions().queryKey,
                        });
                        toast.success(t('account.apiKeys.revoked'));
                      } catch (error) {
                        toast.error(accountErrorMessage(error));
                        throw error;
                      }
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('account.apiKeys.revoke')}
                  </ConfirmButton>
                </li>
              );
            })}
          </ul>
        ) : null}
        <Button className="justify-self-start" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('account.apiKeys.create')}
        </Button>
        <CreateApiKeyDialog open={creating} onOpenChange={setCreating} onCreated={setSecret} />
        <NewKeyDialog secret={secret} onClose={() => setSecret(null)} />
      </CardContent>
    </Card>
  );
}
