import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  BUSINESS_ACTIONS,
  BUSINESS_RESOURCES,
  type BusinessAction,
} from '../../../contracts/access-control';
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
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { fullAuthClient } from '../auth/auth-client-full';
import { can, meQueryOptions } from '../me/api';
import { copyText } from './account-layout';
import { accountErrorMessage, apiKeysQueryOptions, AuthRequestError, unwrap } from './api';
import {
  apiKeyFormSchema,
  createApiKeyBody,
  emptyApiKeyForm,
  type ApiKeyFormValues,
} from './api-key-form';
import { ConfirmButton } from './confirm-button';

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
          <DialogTitle>Your new API key</DialogTitle>
          <DialogDescription>
            Copy it now. You will not be able to see this key again.
          </DialogDescription>
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
                ok ? toast.success('API key copied') : toast.error('Copying failed'),
              )
            }
          >
            <Copy aria-hidden="true" />
            Copy key
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const numberFields = [
  ['expiresInDays', 'Expires after (days)', 'Optional. Empty: never expires.'],
  ['remaining', 'Remaining uses', 'Optional, with refill amount and interval.'],
  ['refillAmount', 'Refill amount', 'Uses restored at each refill.'],
  ['refillIntervalDays', 'Refill interval (days)', 'How often uses are restored.'],
  ['rateLimitMax', 'Rate limit: max requests', 'Optional, with the window.'],
  ['rateLimitWindowSeconds', 'Rate limit window (seconds)', 'Requests are counted per window.'],
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
  const resources = BUSINESS_RESOURCES.filter((r) => BUSINESS_ACTIONS.some((a) => can(me, r, a)));

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
          <DialogTitle>Create API key</DialogTitle>
          <DialogDescription>
            The key acts as you, in your current workspace, with the permissions you choose.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <FormField label="Key name" error={errors.name?.message}>
            {(control) => <Input {...control} aria-required="true" {...form.register('name')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {numberFields.map(([field, label, hint]) => (
              <FormField
                key={field}
                label={label}
                description={hint}
                error={errors[field]?.message}
              >
                {(control) => <Input {...control} inputMode="numeric" {...form.register(field)} />}
              </FormField>
            ))}
          </div>
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.permissions ? 'api-key-permissions-error' : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Permissions</legend>
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <div className="grid gap-2 overflow-x-auto">
                  {resources.map((resource) => (
                    <div key={resource} className="flex flex-wrap items-center gap-x-4 gap-y-1">
                      <span className="w-24 text-sm capitalize">{resource}</span>
                      {BUSINESS_ACTIONS.filter((a) => can(me, resource, a)).map((action) => {
                        const selected = field.value[resource] ?? [];
                        return (
                          <label key={action} className="flex items-center gap-1.5 text-sm">
                            <input
                              type="checkbox"
                              className="size-4 accent-primary"
                              aria-label={`${resource}: ${action}`}
                              checked={selected.includes(action)}
                              onChange={(e) => {
                                const next: BusinessAction[] = e.target.checked
                                  ? [...(selected as BusinessAction[]), action]
                                  : (selected as BusinessAction[]).filter((a) => a !== action);
                                field.onChange({ ...field.value, [resource]: next });
                              }}
                            />
                            {action}
                          </label>
                        );
                      })}
                    </div>
                  ))}
                </div>
              )}
            />
            {errors.permissions ? (
              <p id="api-key-permissions-error" className="text-xs font-medium text-destructive">
                {(errors.permissions as { message?: string }).message}
              </p>
            ) : null}
          </fieldset>
          <FormField
            label="Metadata (JSON object)"
            error={errors.metadata?.message}
            description='Optional, e.g. {"integration": "payroll"}. The workspace is added for you.'
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
              Create key
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
        <CardTitle>Personal API keys</CardTitle>
        <CardDescription>
          For scripts and integrations calling the API as you. Send the key in the{' '}
          <code>x-api-key</code> header.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {keys.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : null}
        {keys.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {accountErrorMessage(keys.error)}
          </p>
        ) : null}
        {keys.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API keys yet.</p>
        ) : null}
        {keys.data?.length ? (
          <ul aria-label="API keys" className="divide-y rounded-md border">
            {keys.data.map((key) => {
              const name = key.name ?? 'Unnamed key';
              return (
                <li key={key.id} className="flex flex-wrap items-center gap-3 p-3">
                  <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                  <div className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{name}</span>
                    <span className="text-xs text-muted-foreground">
                      <code>{key.start ?? key.prefix ?? ''}…</code> · created{' '}
                      {formatDateTime(isoOf(key.createdAt))}
                      {key.expiresAt ? ` · expires ${formatDateTime(isoOf(key.expiresAt))}` : ''}
                      {key.lastRequest
                        ? ` · last used ${formatDateTime(isoOf(key.lastRequest))}`
                        : ' · never used'}
                      {key.remaining !== null ? ` · ${key.remaining} uses left` : ''}
                    </span>
                  </div>
                  <ConfirmButton
                    size="sm"
                    variant="ghost"
                    aria-label={`Revoke ${name}`}
                    title="Revoke API key?"
                    description={`Anything using “${name}” stops working at once.`}
                    confirmLabel="Revoke key"
                    onConfirm={async () => {
                      try {
                        await unwrap(fullAuthClient.apiKey.delete({ keyId: key.id }));
                        await queryClient.invalidateQueries({
                          queryKey: apiKeysQueryOptions().queryKey,
                        });
                        toast.success('API key revoked');
                      } catch (error) {
                        toast.error(accountErrorMessage(error));
                        throw error;
                      }
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    Revoke
                  </ConfirmButton>
                </li>
              );
            })}
          </ul>
        ) : null}
        <Button className="justify-self-start" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create API key
        </Button>
        <CreateApiKeyDialog open={creating} onOpenChange={setCreating} onCreated={setSecret} />
        <NewKeyDialog secret={secret} onClose={() => setSecret(null)} />
      </CardContent>
    </Card>
  );
}
