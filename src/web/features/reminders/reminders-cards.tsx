import { useSuspenseQuery } from '@tanstack/react-query';
import { CalendarPlus, Copy, Download, Loader2, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TIME_OF_DAY } from '../../../contracts/reminders';
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
import { isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { copyText } from '../account/account-layout';
import { ConfirmButton } from '../account/confirm-button';
import {
  calendarFeedsQueryOptions,
  reminderSettingsQueryOptions,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
  useUpdateReminderSettings,
} from './api';

const failed = (error: unknown) =>
  toast.error(isApiError(error) ? error.message : t('errors.client.requestFailed'));

/** The daily digest e-mail (issue 15): on or off, and its time in the firm's time zone. */
export function DigestCard() {
  const { data: settings } = useSuspenseQuery(reminderSettingsQueryOptions());
  const update = useUpdateReminderSettings();
  const [enabled, setEnabled] = useState(settings.digestEnabled);
  const [time, setTime] = useState(settings.digestTime);
  const [error, setError] = useState<string | undefined>();
  const enabledId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!TIME_OF_DAY.test(time)) {
      setError(t('reminders.digest.timeInvalid'));
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ digestEnabled: enabled, digestTime: time });
      toast.success(t('reminders.digest.saved'));
    } catch (e) {
      if (isApiError(e) && e.fields?.digestTime) setError(e.fields.digestTime);
      else failed(e);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('reminders.digest.title')}</CardTitle>
        <CardDescription>{t('reminders.digest.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:max-w-md" onSubmit={(e) => void save(e)} noValidate>
          <label htmlFor={enabledId} className="flex items-center gap-2 text-sm">
            <input
              id={enabledId}
              type="checkbox"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              className="size-4 accent-primary"
            />
            {t('reminders.digest.enabled')}
          </label>
          <FormField
            label={t('reminders.digest.time')}
            description={t('reminders.digest.timeHint')}
            error={error}
          >
            {(control) => (
              <Input
                {...control}
                type="time"
                step={60}
                value={time}
                disabled={!enabled}
                onChange={(e) => setTime(e.target.value)}
                className="w-36"
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('reminders.digest.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The new feed's address, shown once, with how to subscribe to it. */
function NewFeedDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  return (
    <Dialog open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('reminders.calendar.created.title')}</DialogTitle>
          <DialogDescription>{t('reminders.calendar.created.description')}</DialogDescription>
        </DialogHeader>
        <code
          data-testid="calendar-feed-url"
          className="rounded-md border bg-muted/50 p-3 font-mono text-sm break-all"
        >
          {url}
        </code>
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          <li>{t('reminders.calendar.google')}</li>
          <li>{t('reminders.calendar.outlook')}</li>
          <li>{t('reminders.calendar.apple')}</li>
        </ul>
        <DialogFooter>
          <Button variant="outline" asChild>
            <a href={url ?? undefined} download="esop-crm.ics">
              <Download aria-hidden="true" />
              {t('reminders.calendar.download')}
            </a>
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              void copyText(url ?? '').then((ok) =>
                ok
                  ? toast.success(t('reminders.calendar.copied'))
                  : toast.error(t('account.copyFailed')),
              )
            }
          >
            <Copy aria-hidden="true" />
            {t('reminders.calendar.copy')}
          </Button>
          <Button onClick={onClose}>{t('reminders.calendar.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Private calendar feeds (issue 15, decision 031): create one (its address shown once), see the
 * feeds with when they were made and last fetched, revoke one.
 */
export function CalendarFeedsCard() {
  const { data: feeds } = useSuspenseQuery(calendarFeedsQueryOptions());
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [installments, setInstallments] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const installmentsId = useId();

  async function add() {
    try {
      const created = await create.mutateAsync({ includeInstallments: installments });
      setUrl(created.url);
    } catch (e) {
      failed(e);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('reminders.calendar.title')}</CardTitle>
        <CardDescription>{t('reminders.calendar.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <label htmlFor={installmentsId} className="flex items-center gap-2 text-sm">
            <input
              id={installmentsId}
              type="checkbox"
              checked={installments}
              onChange={(e) => setInstallments(e.target.checked)}
              className="size-4 accent-primary"
            />
            {t('reminders.calendar.installments')}
          </label>
          <Button onClick={() => void add()} disabled={create.isPending}>
            {create.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <CalendarPlus aria-hidden="true" />
            )}
            {t('reminders.calendar.create')}
          </Button>
        </div>
        {feeds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('reminders.calendar.empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('reminders.calendar.list')}>
            {feeds.map((feed) => {
              const created = formatDateTime(feed.createdAt);
              return (
                <li
                  key={feed.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
                >
                  <div className="grid">
                    <span className="font-medium">
                      {t('reminders.calendar.createdAt', { date: created })}
                      {feed.includeInstallments
                        ? ` · ${t('reminders.calendar.withInstallments')}`
                        : ''}
                    </span>
                    <span className="text-muted-foreground">
                      {feed.lastUsedAt
                        ? t('reminders.calendar.lastUsed', {
                            date: formatDateTime(feed.lastUsedAt),
                          })
                        : t('reminders.calendar.neverUsed')}
                    </span>
                  </div>
                  <ConfirmButton
                    size="sm"
                    aria-label={t('reminders.calendar.revokeNamed', { date: created })}
                    title={t('reminders.calendar.revoke.title')}
                    description={t('reminders.calendar.revoke.description')}
                    confirmLabel={t('reminders.calendar.revoke.confirm')}
                    onConfirm={async () => {
                      try {
                        await revoke.mutateAsync(feed.id);
                        toast.success(t('reminders.calendar.revoked'));
                      } catch (e) {
                        failed(e);
                        throw e;
                      }
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('reminders.calendar.revoke')}
                  </ConfirmButton>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <NewFeedDialog url={url} onClose={() => setUrl(null)} />
    </Card>
  );
}
