import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import type { GrantDetail } from '../../../contracts/vesting';
import { isIsoDate } from '../../../domain/dates';
import { isCashSettled } from '../../../domain/equity';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { FormField } from '../../components/ui/form-field';
import { DateInput, FormDateInput } from '../../components/ui/date-input';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { valuationValidOn, exerciseAmounts } from '../../../domain/valuation';
import { t } from '../../lib/i18n';
import { countFromInput, formatCount, formatIsoDate, formatMoney } from '../../lib/format';
import { localizedSchema } from '../../lib/localized-schema';
import { useCan } from '../me/api';
import { valuationsQueryOptions } from '../valuations/api';
import { todayIso } from '../plans/format';
import { milestonesOf } from '../vesting/terms';
import { grantPlansQueryOptions, useGrantAction, type GrantAction } from './api';

/** Runs an action; a refusal goes to a toast (and keeps the dialog open). */
function useRun(companyId: string, grantId: string) {
  const mutation = useGrantAction(companyId, grantId);
  return async (action: GrantAction, success: string) => {
    try {
      await mutation.mutateAsync(action);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        toast.error(errorMessage(error, t('grants.action.failed')));
      throw error;
    }
    toast.success(success);
  };
}

function DateField({
  label,
  value,
  onChange,
  description,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  description?: ReactNode;
}) {
  return (
    <FormField label={label} description={description}>
      {(c) => <DateInput {...c} aria-required="true" value={value} onValueChange={onChange} />}
    </FormField>
  );
}

function AchieveMilestone({ companyId, grant }: { companyId: string; grant: GrantDetail }) {
  const run = useRun(companyId, grant.id);
  const pendingIds = new Set(grant.schedule.pending.map((p) => p.milestoneId));
  const pending = milestonesOf(grant.terms).filter((m) => pendingIds.has(m.id));
  const [milestoneId, setMilestoneId] = useState(pending[0]?.id ?? '');
  const [date, setDate] = useState(todayIso);
  if (pending.length === 0) return null;
  const name = pending.find((m) => m.id === milestoneId)?.name ?? milestoneId;
  return (
    <ConfirmAction
      trigger={<Button variant="outline">{t('grants.achieve.trigger')}</Button>}
      title={t('grants.achieve.title')}
      description={t('grants.achieve.description')}
      confirmLabel={t('grants.achieve.confirm')}
      tone="default"
      confirmDisabled={!milestoneId || !isIsoDate(date)}
      onConfirm={() =>
        run(
          { kind: 'achievement', milestoneId, body: { date } },
          t('grants.achieve.done', { name }),
        )
      }
    >
      <div className="grid gap-3">
        <FormField label={t('grants.achieve.milestone')}>
          {(c) => (
            <Select {...c} value={milestoneId} onChange={(e) => setMilestoneId(e.target.value)}>
              {pending.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <DateField label={t('grants.achieve.date')} value={date} onChange={setDate} />
      </div>
    </ConfirmAction>
  );
}

function Terminate({ companyId, grant }: { companyId: string; grant: GrantDetail }) {
  const run = useRun(companyId, grant.id);
  const [date, setDate] = useState(todayIso);
  const [leaverType, setLeaverType] = useState<'good' | 'bad'>('good');
  const [reason, setReason] = useState('');
  return (
    <ConfirmAction
      trigger={<Button variant="outline">{t('grants.terminate.trigger')}</Button>}
      title={t('grants.terminate.title', { name: grant.stakeholderName })}
      description={t('grants.terminate.description')}
      confirmLabel={t('grants.terminate.trigger')}
      confirmDisabled={!isIsoDate(date)}
      onConfirm={() =>
        run(
          { kind: 'termination', body: { date, leaverType, reason: reason.trim() || null } },
          t('grants.terminate.done', { name: grant.stakeholderName }),
        )
      }
    >
      <div className="grid gap-3">
        <DateField label={t('grants.terminate.date')} value={date} onChange={setDate} />
        <FormField label={t('grants.terminate.leaverType')}>
          {(c) => (
            <Select
              {...c}
              value={leaverType}
              onChange={(e) => setLeaverType(e.target.value as 'good' | 'bad')}
            >
              <option value="good">{t('grants.terminate.goodLeaver')}</option>
              <option value="bad">{t('grants.terminate.badLeaver')}</option>
            </Select>
          )}
        </FormField>
        <FormField label={t('grants.action.reason')} description={t('grants.action.optional')}>
          {(c) => (
            <Textarea {...c} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </FormField>
      </div>
    </ConfirmAction>
  );
}

/**
 * What the exercise comes to, as the quantity is typed (issue 12): the amount payable (quantity ×
 * exercise price) and the spread at the FMV valid on the exercise date (quantity × (FMV −
 * exercise price)); for a cash-settled plan, what the holder is paid.
 */
function ExerciseFigures({
  companyId,
  grant,
  quantity,
  date,
  cash,
}: {
  companyId: string;
  grant: GrantDetail;
  quantity: number | null;
  date: string;
  cash: boolean;
}) {
  const canReadValuations = useCan('valuation', 'read');
  const { data: valuations } = useQuery({
    ...valuationsQueryOptions(companyId),
    enabled: canReadValuations,
  });
  if (quantity === null) return <div aria-live="polite" />;
  const valuation = valuations && isIsoDate(date) ? valuationValidOn(valuations.items, date) : null;
  const { payable, spread } = exerciseAmounts(
    quantity,
    grant.exercisePrice,
    valuation?.fmvPerShare ?? null,
  );
  const money = (amount: string, currency: string) =>
    formatMoney(amount, currency, { maxFraction: 6 });
  const price = grant.exercisePrice;
  const currency = grant.currency;
  const rows: { label: string; value: string; detail: string }[] = [];
  if (payable !== null && price !== null && !cash)
    rows.push({
      label: t('grants.exercise.payable'),
      value: money(payable, currency),
      detail: t('grants.exercise.payableDetail', {
        quantity: formatCount(quantity),
        price: money(price, currency),
      }),
    });
  if (spread !== null && valuation) {
    const detail = t('grants.exercise.spreadDetail', {
      quantity: formatCount(quantity),
      fmv: money(valuation.fmvPerShare, valuation.currency),
      price: money(price ?? '0', currency),
      date: formatIsoDate(valuation.effectiveDate),
    });
    const underwater = spread.startsWith('-');
    rows.push({
      label: cash ? t('grants.exercise.cashPaid') : t('grants.exercise.spread'),
      // A cash settlement pays max(0, spread); under water it pays nothing.
      value: money(cash && underwater ? '0.00' : spread, valuation.currency),
      detail: underwater ? `${detail} ${t('grants.exercise.underwater')}` : detail,
    });
  }
  return (
    <div aria-live="polite" className="grid gap-2">
      {rows.length > 0 ? (
        <dl className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
          {rows.map((r) => (
            <div key={r.label} className="grid gap-0.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <dt className="font-medium">{r.label}</dt>
                <dd className="font-semibold tabular-nums">{r.value}</dd>
              </div>
              <dd className="text-xs text-muted-foreground tabular-nums">{r.detail}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {canReadValuations && valuations && !valuation && isIsoDate(date) ? (
        <p className="text-xs text-muted-foreground">
          {t('grants.exercise.noFmv', { date: formatIsoDate(date) })}
        </p>
      ) : null}
    </div>
  );
}

function Exercise({ companyId, grant }: { companyId: string; grant: GrantDetail }) {
  const run = useRun(companyId, grant.id);
  // The grant page's loader has asked for the plans already; no suspense for a dialog's note.
  const { data: plans } = useQuery(grantPlansQueryOptions(companyId));
  const planType = plans?.find((p) => p.id === grant.planId)?.planType;
  const cash = planType !== undefined && isCashSettled(planType);
  const [date, setDate] = useState(todayIso);
  const [quantityText, setQuantityText] = useState('');
  const exercisable = grant.schedule.exercisable;
  const quantity = countFromInput(quantityText);
  const valid =
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= exercisable;
  const error =
    quantityText.trim() === '' || valid
      ? undefined
      : t('grants.exercise.quantityError', { max: formatCount(exercisable) });
  return (
    <ConfirmAction
      trigger={<Button>{t('grants.exercise.trigger')}</Button>}
      title={t('grants.exercise.title', { name: grant.stakeholderName })}
      description={t('grants.exercise.description', { count: exercisable })}
      confirmLabel={t('grants.exercise.confirm')}
      // Recording an exercise destroys nothing (issue 12): no red button.
      tone="default"
      confirmDisabled={!valid || !isIsoDate(date)}
      onConfirm={() =>
        run(
          { kind: 'exercise', body: { date, quantity: quantity as number } },
          t('grants.exercise.done', { quantity: formatCount(quantity as number) }),
        )
      }
    >
      <div className="grid gap-3">
        <DateField
          label={t('grants.exercise.date')}
          value={date}
          onChange={setDate}
          description={cash ? t('grants.exercise.cashHint') : undefined}
        />
        <FormField
          label={t('grants.exercise.quantity')}
          error={error}
          description={t('grants.exercise.atMost', { max: formatCount(exercisable) })}
        >
          {(c) => (
            <Input
              {...c}
              inputMode="numeric"
              autoComplete="off"
              value={quantityText}
              onChange={(e) => setQuantityText(e.target.value)}
            />
          )}
        </FormField>
        <ExerciseFigures
          companyId={companyId}
          grant={grant}
          quantity={valid ? (quantity as number) : null}
          date={date}
          cash={cash}
        />
      </div>
    </ConfirmAction>
  );
}

function Cancel({ companyId, grant }: { companyId: string; grant: GrantDetail }) {
  const run = useRun(companyId, grant.id);
  const [date, setDate] = useState(todayIso);
  const [reason, setReason] = useState('');
  return (
    <ConfirmAction
      trigger={<Button variant="outline">{t('grants.cancel.trigger')}</Button>}
      title={t('grants.cancel.title')}
      description={t('grants.cancel.description')}
      confirmLabel={t('grants.cancel.trigger')}
      confirmDisabled={!isIsoDate(date)}
      onConfirm={() =>
        run(
          { kind: 'cancellation', body: { date, reason: reason.trim() || null } },
          t('grants.cancel.done'),
        )
      }
    >
      <div className="grid gap-3">
        <DateField label={t('grants.cancel.date')} value={date} onChange={setDate} />
        <FormField label={t('grants.action.reason')} description={t('grants.action.optional')}>
          {(c) => (
            <Textarea {...c} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </FormField>
      </div>
    </ConfirmAction>
  );
}

/** The leave form: the server's `pauseSchema` rules, worded for the dialog. */
function leaveSchema(grant: GrantDetail) {
  return z
    .object({
      start: z.string().refine(isIsoDate, t('grants.leave.startRequired')),
      end: z.string().refine(isIsoDate, t('grants.leave.endRequired')),
    })
    .superRefine((v, ctx) => {
      if (isIsoDate(v.start) && v.start < grant.vestingStartDate)
        ctx.addIssue({
          code: 'custom',
          path: ['start'],
          message: t('grants.leave.beforeVesting', { date: formatIsoDate(grant.vestingStartDate) }),
        });
      if (isIsoDate(v.start) && isIsoDate(v.end) && v.end <= v.start)
        ctx.addIssue({
          code: 'custom',
          path: ['end'],
          message: t('grants.leave.endBeforeStart'),
        });
    });
}
type LeaveValues = { start: string; end: string };

/** Time and cliff installments are what a leave moves; pure milestone terms have none. */
function hasTimePart(terms: GrantDetail['terms']): boolean {
  return (
    terms.type === 'time' ||
    (terms.type === 'combined' && terms.parts.some((p) => p.terms.type === 'time'))
  );
}

function RecordLeave({ companyId, grant }: { companyId: string; grant: GrantDetail }) {
  const run = useRun(companyId, grant.id);
  const schema = useMemo(() => leaveSchema(grant), [grant]);
  const form = useForm<LeaveValues>({
    resolver: zodResolver(localizedSchema(schema)),
    defaultValues: { start: todayIso(), end: '' },
  });
  const { control, formState, handleSubmit, setError, reset } = form;
  const { errors } = formState;
  return (
    <ConfirmAction
      trigger={<Button variant="outline">{t('grants.leave.trigger')}</Button>}
      title={t('grants.leave.title', { name: grant.stakeholderName })}
      description={t('grants.leave.description')}
      confirmLabel={t('grants.leave.confirm')}
      onConfirm={async () => {
        let recorded = false;
        await handleSubmit(async (values) => {
          try {
            await run(
              { kind: 'pause', body: values },
              t('grants.leave.done', {
                from: formatIsoDate(values.start),
                to: formatIsoDate(values.end),
              }),
            );
          } catch (error) {
            // The server names the field (an overlap, a start before vesting or after leaving).
            if (error instanceof ApiError)
              for (const [field, message] of Object.entries(error.fields ?? {}))
                if (field === 'start' || field === 'end') setError(field, { message });
            throw error;
          }
          recorded = true;
        })();
        // Invalid: the errors are shown under the fields and the dialog stays open.
        if (!recorded) throw new Error('Invalid leave of absence');
        reset();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('grants.leave.start')} error={errors.start?.message}>
          {(c) => <FormDateInput {...c} aria-required="true" control={control} name="start" />}
        </FormField>
        <FormField
          label={t('grants.leave.end')}
          error={errors.end?.message}
          description={t('grants.leave.end.hint')}
        >
          {(c) => <FormDateInput {...c} aria-required="true" control={control} name="end" />}
        </FormField>
      </div>
    </ConfirmAction>
  );
}

const CLOSED = new Set(['exercised', 'forfeited', 'cancelled', 'expired']);

/** The grant's actions, each behind a confirmation dialog; only what the grant's state allows. */
export function GrantActions({ companyId, grant }: { companyId: string; grant: GrantDetail }) {
  const closed = CLOSED.has(grant.status);
  return (
    <div className="flex flex-wrap gap-2">
      {!closed && !grant.termination ? (
        <AchieveMilestone companyId={companyId} grant={grant} />
      ) : null}
      {!closed && !grant.termination ? <Terminate companyId={companyId} grant={grant} /> : null}
      {grant.schedule.exercisable > 0 ? <Exercise companyId={companyId} grant={grant} /> : null}
      {!closed && hasTimePart(grant.terms) ? (
        <RecordLeave companyId={companyId} grant={grant} />
      ) : null}
      {!closed ? <Cancel companyId={companyId} grant={grant} /> : null}
      {grant.schedule.exerciseDeadline ? (
        <p className="basis-full text-sm text-muted-foreground">
          {t('grants.actions.exercisableUntil', {
            date: formatIsoDate(grant.schedule.exerciseDeadline),
          })}
        </p>
      ) : null}
    </div>
  );
}
