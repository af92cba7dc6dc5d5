import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Copy, Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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
        form.setError('password', { type: 'server', message: 'The password is not correct.' });
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
      <FormField label="Password" error={errors.password?.message}>
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
      <p className="text-sm font-medium">
        Backup codes — each works once if you lose your authenticator. Store them safely: they are
        shown only now.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void copyText(codes.join('\n')).then((ok) =>
              ok ? toast.success('Backup codes copied') : toast.error('Copying failed'),
            )
          }
        >
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
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
          message: 'This code is not valid. Try the next one.',
        });
      }
      toast.error(accountErrorMessage(error));
    }
  });
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Scan this QR code with your authenticator app (or enter the secret by hand), then type the
        6-digit code it shows.
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {setup.qrDataUrl ? (
          <img
            src={setup.qrDataUrl}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="size-44 rounded-md border bg-white p-1"
          />
        ) : null}
        {secret ? (
          <div className="grid gap-1">
            <span className="text-xs text-muted-foreground">Secret</span>
            <code data-testid="totp-secret" className="font-mono text-sm break-all">
              {secret}
            </code>
          </div>
        ) : null}
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:max-w-xs">
        <FormField label="Authenticator code" error={errors.code?.message}>
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
          Verify and turn on
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
      toast.success(next === 'sms' ? 'Codes will come by SMS' : 'Codes will come by e-mail');
    } catch (error) {
      toast.error(accountErrorMessage(error));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <FormField
      label="Send one-time codes by"
      className="sm:max-w-xs"
      description={phoneVerified ? undefined : 'SMS needs a verified phone number (below).'}
    >
      {(control) => (
        <Select
          {...control}
          value={channel}
          disabled={isPending}
          onChange={(e) => void change(e.target.value)}
        >
          <option value="email">E-mail</option>
          <option value="sms" disabled={!phoneVerified}>
            SMS
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
      throw new AuthRequestError({ message: 'The server did not return an authenticator secret.' });
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
          Two-factor authentication
          {enabled ? <Badge>On</Badge> : <Badge variant="outline">Off</Badge>}
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from your authenticator app, or one we send
          you.
        </CardDescription>
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
              toast.success('Two-factor authentication is on');
            }}
          />
        ) : null}
        {!enabled && !setup ? (
          <PasswordForm submitLabel="Enable two-factor" onSubmit={enable} />
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
                Regenerate backup codes
              </Button>
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => setMode(mode === 'disable' ? 'idle' : 'disable')}
                aria-expanded={mode === 'disable'}
              >
                <ShieldOff aria-hidden="true" />
                Disable two-factor
              </Button>
            </div>
            {mode === 'regenerate' ? (
              <PasswordForm
                submitLabel="Generate new backup codes"
                onSubmit={async (password) => {
                  const result = await unwrap(
                    fullAuthClient.twoFactor.generateBackupCodes({ password }),
                  );
                  setCodes(result.backupCodes);
                  setMode('idle');
                  toast.success('New backup codes generated; the old ones no longer work');
                }}
              />
            ) : null}
            {mode === 'disable' ? (
              <PasswordForm
                submitLabel="Turn off two-factor"
                variant="destructive"
                onSubmit={async (password) => {
                  await unwrap(fullAuthClient.twoFactor.disable({ password }));
                  setMode('idle');
                  setCodes(null);
                  await refreshUser(queryClient);
                  toast.success('Two-factor authentication is off');
                }}
              />
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
