import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Copy, Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { t } from '../../lib/i18n';
import { fullAuthClient } from '../auth/auth-client-full';
import { copyText } from './account-layout';
import {
  accountErrorMessage,
  accountSessionQueryOptions,
  AuthRequestError,
  refreshUser,
  unwrap,
} from './api';
import { passwordOnlySchema, totpCodeSchema } from './schemas';

/** The base32 secret of an otpauth:// URI, for people who type it instead of scanning. */
export function totpSecret(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return /[?&]secret=([^&]+)/.exec(uri)?.[1] ?? null;
  }
}

function PendingIcon({ pending }: { pending: boolean }) {
  return pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null;
}

/** A password prompt with one submit button, for the two-factor actions that need it. */
function PasswordForm({
  submitLabel,
  variant,
  onSubmit,
}: {
  submitLabel: string;
  variant?: 'default' | 'destructive' | 'outline';
  onSubmit: (password: string) => Promise<void>;
}) {
  const form = useForm({
    resolver: zodResolver(passwordOnlySchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onSubmit(password);
      form.reset();
    } catch (error) {
      if (error instanceof AuthRequestError && error.code === 'INVALID_PASSWORD') {
        form.setError('password', {
          type: 'server',
          message: t('account.twoFactor.wrongPassword'),
        });
      }
      toast.error(accountErrorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-3 sm:max-w-md"
      aria-label={submitLabel}
    >
      <FormField label={t('account.password.title')} error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            aria-required="true"
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button
        type="submit"
        variant={variant}
        className="justify-self-start"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        <PendingIcon pending={isSubmitting} />
        {submitLabel}
      </Button>
    </form>
  );
}

/** Backup codes, shown once, with a copy button. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3 rounded-md border bg-muted/40 p-4">
      <p className="text-sm font-medium">{t('account.twoFactor.backupCodes.intro')}</p>
      <ul
        aria-label={t('account.twoFactor.backupCodes.title')}
        className="grid grid-cols-2 gap-1 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void copyText(codes.join('\n')).then((ok) =>
              ok
                ? toast.success(t('account.twoFactor.backupCodes.copied'))
                : toast.error(t('account.copyFailed')),
            )
          }
        >
          <Copy aria-hidden="true" />
          {t('account.twoFactor.backupCodes.copy')}
        </Button>
        <Button onClick={onDone}>{t('account.twoFactor.backupCodes.saved')}</Button>
      </div>
    </div>
  );
}

type Setup = { totpURI: string; backupCodes: string[]; qrDataUrl: string | null };

/** Step 2 of enabling: scan or type the secret, then prove it with a code. */
function TotpSetup({ setup, onVerified }: { setup: Setup; onVerified: () => Promise<void> }) {
  const secret = totpSecret(setup.totpURI);
  const form = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await unwrap(fullAuthClient.twoFactor.verifyTotp({ code }));
      await onVerified();
    } catch (error) {
      if (error instanceof AuthRequestError && error.code === 'INVALID_CODE') {
        form.setError('code', {
          type: 'server',
          message: t('account.twoFactor.codeInvalid'),
        });
      }
      toast.error(accountErrorMessage(error));
    }
  });
  return (
    <div className="grid gap-4">
      <p className="text-sm">{t('account.twoFactor.setup.intro')}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {setup.qrDataUrl ? (
          <img
            src={setup.qrDataUrl}
            alt={t('account.twoFactor.setup.qrAlt')}
            width={176}
            height={176}
            className="size-44 rounded-md border bg-white p-1"
          />
        ) : null}
        {secret ? (
          <div className="grid gap-1">
            <span className="text-xs text-muted-foreground">
              {t('account.twoFactor.setup.secret')}
            </span>
            <code data-testid="totp-secret" className="font-mono text-sm break-all">
              {secret}
            </code>
          </div>
        ) : null}
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:max-w-xs">
        <FormField label={t('account.twoFactor.setup.code')} error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-required="true"
              {...form.register('code')}
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
          {t('account.twoFactor.setup.verify')}
        </Button>
      </form>
    </div>
  );
}

/** Where e-mailed or texted one-time codes go: e-mail, or SMS to a verified phone. */
function ChannelField() {
  const queryClient = useQueryClient();
  const { data: session } = useSuspenseQuery(accountSessionQueryOptions());
  const user = session.user;
  const [isPending, setIsPending] = useState(false);
  const phoneVerified = Boolean(user.phoneNumber && user.phoneNumberVerified);
  const channel = user.twoFactorChannel === 'sms' ? 'sms' : 'email';

  async function change(next: string) {
    if (next !== 'email' && next !== 'sms') return;
    setIsPending(true);
    try {
      await unwrap(fullAuthClient.updateUser({ twoFactorChannel: next }));
      await refreshUser(queryClient);
      toast.success(
        next === 'sms' ? t('account.twoFactor.channel.sms') : t('account.twoFactor.channel.email'),
      );
    } catch (error) {
      toast.error(accountErrorMessage(error));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <FormField
      label={t('account.twoFactor.channel.label')}
      className="sm:max-w-xs"
      description={phoneVerified ? undefined : t('account.twoFactor.channel.smsNeedsPhone')}
    >
      {(control) => (
        <Select
          {...control}
          value={channel}
          disabled={isPending}
          onChange={(e) => void change(e.target.value)}
        >
          <option value="email">{t('account.twoFactor.channel.optionEmail')}</option>
          <option value="sms" disabled={!phoneVerified}>
            {t('account.twoFactor.channel.optionSms')}
          </option>
        </Select>
      )}
    </FormField>
  );
}

/** Two-factor authentication: TOTP app, backup codes, code channel, turning it off. */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const { data: session } = useSuspenseQuery(accountSessionQueryOptions());
  const enabled = Boolean(session.user.twoFactorEnabled);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<'idle' | 'regenerate' | 'disable'>('idle');

  async function enable(password: string) {
    const result = await unwrap(fullAuthClient.twoFactor.enable({ password, method: 'totp' }));
    if (result.method !== 'totp') {
      throw new AuthRequestError({ message: t('account.twoFactor.noSecret') });
    }
    let qrDataUrl: string | null = null;
    try {
      // Loaded on demand: only people turning two-factor on need the QR encoder.
      const { default: QRCode } = await import('qrcode');
      qrDataUrl = await QRCode.toDataURL(result.totpURI, { margin: 1, width: 176 });
    } catch {
      // The secret is shown as text as well.
    }
    setSetup({ totpURI: result.totpURI, backupCodes: result.backupCodes, qrDataUrl });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('account.twoFactor.title')}
          {enabled ? (
            <Badge>{t('account.twoFactor.on')}</Badge>
          ) : (
            <Badge variant="outline">{t('account.twoFactor.off')}</Badge>
          )}
        </CardTitle>
        <CardDescription>{t('account.twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {codes ? <BackupCodes codes={codes} onDone={() => setCodes(null)} /> : null}
        {!enabled && setup ? (
          <TotpSetup
            setup={setup}
            onVerified={async () => {
              setCodes(setup.backupCodes);
              setSetup(null);
              await refreshUser(queryClient);
              toast.success(t('account.twoFactor.turnedOn'));
            }}
          />
        ) : null}
        {!enabled && !setup ? (
          <PasswordForm submitLabel={t('account.twoFactor.enable')} onSubmit={enable} />
        ) : null}
        {enabled ? (
          <>
            <ChannelField />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => setMode(mode === 'regenerate' ? 'idle' : 'regenerate')}
                aria-expanded={mode === 'regenerate'}
              >
                <ShieldCheck aria-hidden="true" />
                {t('account.twoFactor.regenerate')}
              </Button>
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => setMode(mode === 'disable' ? 'idle' : 'disable')}
                aria-expanded={mode === 'disable'}
              >
                <ShieldOff aria-hidden="true" />
                {t('account.twoFactor.disable')}
              </Button>
            </div>
            {mode === 'regenerate' ? (
              <PasswordForm
                submitLabel={t('account.twoFactor.regenerateSubmit')}
                onSubmit={async (password) => {
                  const result = await unwrap(
                    fullAuthClient.twoFactor.generateBackupCodes({ password }),
                  );
                  setCodes(result.backupCodes);
                  setMode('idle');
                  toast.success(t('account.twoFactor.regenerated'));
                }}
              />
            ) : null}
            {mode === 'disable' ? (
              <PasswordForm
                submitLabel={t('account.twoFactor.disableSubmit')}
                variant="destructive"
                onSubmit={async (password) => {
                  await unwrap(fullAuthClient.twoFactor.disable({ password }));
                  setMode('idle');
                  setCodes(null);
                  await refreshUser(queryClient);
                  toast.success(t('account.twoFactor.turnedOff'));
                }}
              />
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
