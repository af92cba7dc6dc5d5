import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { CircleAlert, Loader2, MailCheck, Trash2, Upload, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FileInput } from '../../components/ui/file-input';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { t, Trans } from '../../lib/i18n';
import { fullAuthClient } from '../auth/auth-client-full';
import {
  accountErrorMessage,
  accountSessionQueryOptions,
  AuthRequestError,
  refreshUser,
  unwrap,
} from './api';
import { avatarFileError, squareAvatarDataUrl } from './avatar';
import { ConfirmButton } from './confirm-button';
import {
  changeEmailSchema,
  profileSchema,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './schemas';

function PendingIcon({ pending }: { pending: boolean }) {
  return pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null;
}

/** Display name and username. A taken username is reported next to the field. */
export function ProfileCard() {
  const queryClient = useQueryClient();
  const { data: session } = useSuspenseQuery(accountSessionQueryOptions());
  const user = session.user;
  const form = useForm({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name, username: user.username ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await unwrap(
        fullAuthClient.updateUser({
          name: values.name,
          // An empty field leaves the username as it is (better-auth cannot clear it).
          ...(values.username ? { username: values.username } : {}),
        }),
      );
      await refreshUser(queryClient);
      form.reset(values);
      toast.success(t('account.profile.saved'));
    } catch (error) {
      if (error instanceof AuthRequestError && error.code?.startsWith('USERNAME')) {
        form.setError(
          'username',
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else if (error instanceof AuthRequestError && error.code === 'INVALID_NAME') {
        form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      toast.error(accountErrorMessage(error));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.profile.title')}</CardTitle>
        <CardDescription>{t('account.profile.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:max-w-md">
          <FormField label={t('account.profile.name')} error={errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="name"
                aria-required="true"
                {...form.register('name')}
              />
            )}
          </FormField>
          <FormField
            label={t('account.profile.username')}
            error={errors.username?.message}
            description={t('account.profile.usernameHint', {
              min: USERNAME_MIN_LENGTH,
              max: USERNAME_MAX_LENGTH,
            })}
          >
            {(control) => (
              <Input {...control} autoComplete="username" {...form.register('username')} />
            )}
          </FormField>
          <Button
            type="submit"
            className="justify-self-start"
            disabled={isSubmitting || !isDirty}
            aria-busy={isSubmitting || undefined}
          >
            <PendingIcon pending={isSubmitting} />
            {t('account.profile.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Change of e-mail address: confirmed from the current inbox first. */
export function EmailCard() {
  const { data: session } = useSuspenseQuery(accountSessionQueryOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    try {
      await unwrap(fullAuthClient.changeEmail({ newEmail, callbackURL: '/account/settings' }));
      setSentTo(newEmail);
      form.reset({ newEmail: '' });
    } catch (error) {
      if (error instanceof AuthRequestError && error.code?.includes('EMAIL')) {
        form.setError('newEmail', { type: 'server', message: error.message });
      }
      toast.error(accountErrorMessage(error));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.email.title')}</CardTitle>
        <CardDescription>
          <Trans
            id="account.email.description"
            values={{ email: session.user.email }}
            components={{ strong: <strong className="text-foreground" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sentTo ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border bg-muted/50 p-3 text-sm"
          >
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <Trans
                id="account.email.sent"
                values={{ email: sentTo }}
                components={{ strong: <strong /> }}
              />
            </span>
          </p>
        ) : null}
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:max-w-md">
          <FormField label={t('account.email.newEmail')} error={errors.newEmail?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                {...form.register('newEmail')}
              />
            )}
          </FormField>
          <Button
            type="submit"
            className="justify-self-start"
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
          >
            <PendingIcon pending={isSubmitting} />
            {t('account.email.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The avatar at 128 px, or the person icon when there is none. */
function AvatarImage({ src, name }: { src: string | null | undefined; name: string }) {
  return src ? (
    <img
      src={src}
      alt={t('account.avatar.alt', { name })}
      width={128}
      height={128}
      className="size-32 rounded-full border object-cover"
    />
  ) : (
    <div
      role="img"
      aria-label={t('account.avatar.none')}
      className="flex size-32 items-center justify-center rounded-full border bg-muted text-muted-foreground"
    >
      <UserRound className="size-12" aria-hidden="true" />
    </div>
  );
}

/** Avatar: pick a PNG, preview the 256×256 crop, save it into the user record. */
export function AvatarCard() {
  const queryClient = useQueryClient();
  const { data: session } = useSuspenseQuery(accountSessionQueryOptions());
  const user = session.user;
  // Remounting the picker clears its choice (and the file name it shows).
  const [pickerKey, setPickerKey] = useState(0);
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  async function pick(file: File | undefined) {
    setFileError(null);
    setPreview(null);
    if (!file) return;
    const problem = avatarFileError(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      setPreview(await squareAvatarDataUrl(file));
    } catch (error) {
      setFileError(accountErrorMessage(error));
    }
  }

  async function save(image: string | null) {
    setIsPending(true);
    try {
      await unwrap(fullAuthClient.updateUser({ image }));
      await refreshUser(queryClient);
      setPreview(null);
      setPickerKey((key) => key + 1);
      toast.success(image ? t('account.avatar.saved') : t('account.avatar.removed'));
    } catch (error) {
      toast.error(accountErrorMessage(error));
      throw error;
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.avatar.title')}</CardTitle>
        <CardDescription>{t('account.avatar.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <AvatarImage src={preview ?? user.image} name={user.name} />
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              {t('account.avatar.choose')}
            </label>
            <FileInput
              key={pickerKey}
              id={inputId}
              accept="image/png"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${inputId}-error` : undefined}
              onFilesChange={(files) => void pick(files[0])}
            />
            {fileError ? (
              <p id={`${inputId}-error`} className="text-xs font-medium text-destructive">
                {fileError}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {preview ? (
              <>
                <Button
                  onClick={() => void save(preview).catch(() => {})}
                  disabled={isPending}
                  aria-busy={isPending || undefined}
                >
                  {isPending ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Upload aria-hidden="true" />
                  )}
                  {t('account.avatar.save')}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    setPreview(null);
                    setPickerKey((key) => key + 1);
                  }}
                  disabled={isPending}
                >
                  {t('common.cancel')}
                </Button>
              </>
            ) : null}
            {user.image && !preview ? (
              <ConfirmButton
                title={t('account.avatar.removeTitle')}
                description={t('account.avatar.removeDescription')}
                confirmLabel={t('account.avatar.remove')}
                onConfirm={() => save(null)}
              >
                <Trash2 aria-hidden="true" />
                {t('account.avatar.remove')}
              </ConfirmButton>
            ) : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** Why the deletion link of the mail did not work, by the code the server sent back. */
function deletionLinkProblem(code: string): string {
  // better-auth needs the session of the account to delete; the link itself is still good.
  if (code === 'FAILED_TO_GET_USER_INFO') return t('account.delete.linkNeedsSession');
  return t('account.delete.linkInvalid');
}

/**
 * At the top of the settings page: why the account-deletion link of the mail failed (`code`,
 * from `?deleteAccountError=`; src/server/auth/delete-account-link.ts sends people here).
 */
export function DeletionLinkAlert({ code }: { code: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{deletionLinkProblem(code)}</span>
    </p>
  );
}

/**
 * Danger zone: deleting the account, confirmed through a link sent by e-mail. `onRequested`
 * runs once the mail is on its way.
 */
export function DeleteAccountCard({ onRequested }: { onRequested?: () => void }) {
  const [requested, setRequested] = useState(false);

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">{t('account.delete.title')}</CardTitle>
        <CardDescription>{t('account.delete.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {requested ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border bg-muted/50 p-3 text-sm"
          >
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t('account.delete.sent')}</span>
          </p>
        ) : null}
        <ConfirmButton
          variant="destructive"
          title={t('account.delete.confirmTitle')}
          description={t('account.delete.confirmDescription')}
          confirmLabel={t('account.delete.confirm')}
          onConfirm={async () => {
            try {
              // The mailed link deletes the account, then lands on the sign-in page, which says so.
              await unwrap(
                fullAuthClient.deleteUser({ callbackURL: '/auth/sign-in?accountDeleted=true' }),
              );
              setRequested(true);
              onRequested?.();
            } catch (error) {
              toast.error(accountErrorMessage(error));
              throw error;
            }
          }}
        >
          <Trash2 aria-hidden="true" />
          {t('account.delete.submit')}
        </ConfirmButton>
      </CardContent>
    </Card>
  );
}
