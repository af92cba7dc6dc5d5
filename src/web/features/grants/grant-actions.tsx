import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { GrantDetail } from '../../../contracts/vesting';
import { isIsoDate } from '../../../domain/dates';
import { isCashSettled } from '../../../domain/equity';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, errorMessage } from '../../lib/api';
import { countFromInput, formatCount, formatIsoDate, todayIso } from '../plans/format';
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
        toast.error(errorMessage(error, 'The action failed'));
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
      {(c) => <Input {...c} type="date" value={value} onChange={(e) => onChange(e.target.value)} />}
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
      trigger={<Button variant="outline">Record milestone achieved</Button>}
      title="Record a milestone as achieved"
      description="Its portion vests on the date of achievement."
      confirmLabel="Record achievement"
      confirmDisabled={!milestoneId || !date}
      onConfirm={() =>
        run({ kind: 'achievement', milestoneId, body: { date } }, `Milestone ${name} achieved`)
      }
    >
      <div className="grid gap-3">
        <FormField label="Milestone">
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
        <DateField label="Date achieved" value={date} onChange={setDate} />
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
      trigger={<Button variant="outline">Record termination</Button>}
      title={`Record that ${grant.stakeholderName} leaves`}
      description="Vesting stops on the termination date; the plan's leaver rules decide what is forfeited and how long vested options stay exercisable."
      confirmLabel="Record termination"
      confirmDisabled={!date}
      onConfirm={() =>
        run(
          { kind: 'termination', body: { date, leaverType, reason: reason.trim() || null } },
          `Termination of ${grant.stakeholderName} recorded`,
        )
      }
    >
      <div className="grid gap-3">
        <DateField label="Termination date" value={date} onChange={setDate} />
        <FormField label="Leaver type">
          {(c) => (
            <Select
              {...c}
              value={leaverType}
              onChange={(e) => setLeaverType(e.target.value as 'good' | 'bad')}
            >
              <option value="good">Good leaver</option>
              <option value="bad">Bad leaver</option>
            </Select>
          )}
        </FormField>
        <FormField label="Reason" description="Optional">
          {(c) => (
            <Textarea {...c} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </FormField>
      </div>
    </ConfirmAction>
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
      : `Enter a whole number from 1 to ${formatCount(exercisable)}`;
  return (
    <ConfirmAction
      trigger={<Button>Exercise</Button>}
      title={`Exercise options of ${grant.stakeholderName}`}
      description={`${formatCount(exercisable)} are exercisable today.`}
      confirmLabel="Record exercise"
      confirmDisabled={!valid || !date}
      onConfirm={() =>
        run(
          { kind: 'exercise', body: { date, quantity: quantity as number } },
          `Exercise of ${formatCount(quantity as number)} recorded`,
        )
      }
    >
      <div className="grid gap-3">
        <DateField
          label="Exercise date"
          value={date}
          onChange={setDate}
          description={
            cash
              ? 'Settled in cash: the amount is computed at the FMV of the valuation valid on the exercise date (none recorded if no valuation is in force then).'
              : undefined
          }
        />
        <FormField
          label="Quantity to exercise"
          error={error}
          description={`At most ${formatCount(exercisable)}`}
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
      trigger={<Button variant="outline">Cancel grant</Button>}
      title="Cancel this grant?"
      description="What has not been exercised lapses on the cancellation date."
      confirmLabel="Cancel grant"
      confirmDisabled={!date}
      onConfirm={() =>
        run(
          { kind: 'cancellation', body: { date, reason: reason.trim() || null } },
          'Grant cancelled',
        )
      }
    >
      <div className="grid gap-3">
        <DateField label="Cancellation date" value={date} onChange={setDate} />
        <FormField label="Reason" description="Optional">
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
      start: z.string().refine(isIsoDate, 'Enter the first day of the leave'),
      end: z.string().refine(isIsoDate, 'Enter the day the holder is back'),
    })
    .superRefine((v, ctx) => {
      if (isIsoDate(v.start) && v.start < grant.vestingStartDate)
        ctx.addIssue({
          code: 'custom',
          path: ['start'],
          message: `The leave cannot start before vesting starts (${formatIsoDate(grant.vestingStartDate)})`,
        });
      if (isIsoDate(v.start) && isIsoDate(v.end) && v.end <= v.start)
        ctx.addIssue({
          code: 'custom',
          path: ['end'],
          message: 'The leave must end after it starts',
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
    resolver: zodResolver(schema),
    defaultValues: { start: todayIso(), end: '' },
  });
  const { register, formState, handleSubmit, setError, reset } = form;
  const { errors } = formState;
  return (
    <ConfirmAction
      trigger={<Button variant="outline">Record leave of absence</Button>}
      title={`Record a leave of absence of ${grant.stakeholderName}`}
      description="Vesting pauses during the leave: installments from its first day on move later by its length."
      confirmLabel="Record leave"
      onConfirm={async () => {
        let recorded = false;
        await handleSubmit(async (values) => {
          try {
            await run(
              { kind: 'pause', body: values },
              `Leave of absence from ${formatIsoDate(values.start)} to ${formatIsoDate(values.end)} recorded`,
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
        <FormField label="Leave starts" error={errors.start?.message}>
          {(c) => <Input {...c} type="date" aria-required="true" {...register('start')} />}
        </FormField>
        <FormField
          label="Leave ends"
          error={errors.end?.message}
          description="The day vesting resumes"
        >
          {(c) => <Input {...c} type="date" aria-required="true" {...register('end')} />}
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
          Vested options can be exercised until {formatIsoDate(grant.schedule.exerciseDeadline)}.
        </p>
      ) : null}
    </div>
  );
}
