import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm, type Path } from 'react-hook-form';
import {
  shareEventCreateSchema,
  type ShareClass,
  type ShareEvent,
  type ShareEventCreate,
  type ShareEventCreateInput,
  type Stakeholder,
} from '../../../contracts/equity';
import { RELATIONSHIP_LABELS, type ShareEventType } from '../../../domain/equity';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { countFromInput, decimalFromInput, idFromInput, todayIso } from './format';
import { FormDialogActions } from './form-dialog';
import { reportSaveError } from './section';

/** The register's three events, as the lawyer's actions are named. */
export const SHARE_EVENT_ACTIONS: Record<
  ShareEventType,
  { action: string; label: string; editTitle: string }
> = {
  issue: { action: 'Issue shares', label: 'Issue', editTitle: 'Edit issue of shares' },
  transfer: { action: 'Transfer', label: 'Transfer', editTitle: 'Edit transfer of shares' },
  cancel: { action: 'Cancel shares', label: 'Cancellation', editTitle: 'Edit cancellation' },
};

/** Prefill of a new event: today, and the class when there is only one. */
export function newShareEventValues(
  type: ShareEventType,
  shareClasses: readonly ShareClass[],
): ShareEventCreateInput {
  const only = shareClasses.length === 1 ? shareClasses[0] : undefined;
  return {
    type,
    date: todayIso(),
    shareClassId: only?.id ?? '',
    shareCount: undefined as unknown as number,
    toStakeholderId: null,
    fromStakeholderId: null,
    firstShareNumber: null,
    lastShareNumber: null,
    pricePerShare: '',
    currency: only?.currency ?? 'EUR',
    deedDate: '',
    notary: '',
    notes: '',
  };
}

/** Prefill for editing an event. */
export function shareEventToFormValues(e: ShareEvent): ShareEventCreateInput {
  return {
    type: e.type,
    date: e.date,
    shareClassId: e.shareClassId,
    shareCount: e.shareCount,
    toStakeholderId: e.toStakeholderId,
    fromStakeholderId: e.fromStakeholderId,
    firstShareNumber: e.firstShareNumber,
    lastShareNumber: e.lastShareNumber,
    pricePerShare: e.pricePerShare ?? '',
    currency: e.currency ?? 'EUR',
    deedDate: e.deedDate ?? '',
    notary: e.notary ?? '',
    notes: e.notes ?? '',
  };
}

export function stakeholderLabel(s: Stakeholder): string {
  return `${s.name} (${RELATIONSHIP_LABELS[s.relationship]})`;
}

/**
 * Form of one register event (issue, transfer or cancellation), validated with
 * `shareEventCreateSchema`, the server's own: who is on which side, and share numbers that match
 * the count. Whether the holder has the shares on that date only the server can tell (409).
 */
export function ShareEventForm({
  defaultValues,
  shareClasses,
  stakeholders,
  submitLabel,
  onSubmit,
}: {
  defaultValues: ShareEventCreateInput;
  shareClasses: readonly ShareClass[];
  stakeholders: readonly Stakeholder[];
  submitLabel: string;
  onSubmit: (values: ShareEventCreate) => Promise<unknown>;
}) {
  const type = defaultValues.type;
  const hasFrom = type !== 'issue';
  const hasTo = type !== 'cancel';
  const hasPrice = type !== 'cancel';
  const form = useForm<ShareEventCreateInput, unknown, ShareEventCreate>({
    resolver: zodResolver(shareEventCreateSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  // Until the user types a last share number, it follows first number + count − 1.
  const lastTypedByUser = useRef(false);

  const fieldNames: Path<ShareEventCreateInput>[] = [
    'date',
    'shareClassId',
    'shareCount',
    'firstShareNumber',
    'lastShareNumber',
    'deedDate',
    'notary',
    'notes',
  ];
  if (hasFrom) fieldNames.push('fromStakeholderId');
  if (hasTo) fieldNames.push('toStakeholderId');
  if (hasPrice) fieldNames.push('pricePerShare', 'currency');

  function followLastNumber() {
    if (lastTypedByUser.current) return;
    const first = form.getValues('firstShareNumber');
    const count = form.getValues('shareCount');
    if (
      typeof first === 'number' &&
      typeof count === 'number' &&
      Number.isInteger(first) &&
      Number.isInteger(count) &&
      first > 0 &&
      count > 0
    ) {
      form.setValue('lastShareNumber', first + count - 1);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    const priced = hasPrice && values.pricePerShare !== null;
    try {
      await onSubmit({
        ...values,
        pricePerShare: priced ? values.pricePerShare : null,
        currency: priced ? values.currency : null,
      });
    } catch (error) {
      reportSaveError(error, form.setError, fieldNames, 'Saving the register event failed');
    }
  });

  const stakeholderSelect = (name: 'fromStakeholderId' | 'toStakeholderId', label: string) => (
    <FormField label={label} error={errors[name]?.message}>
      {(control) => (
        <Select {...control} aria-required="true" {...register(name, { setValueAs: idFromInput })}>
          <option value="">Choose a stakeholder…</option>
          {stakeholders.map((s) => (
            <option key={s.id} value={s.id}>
              {stakeholderLabel(s)}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Date" error={errors.date?.message}>
          {(control) => (
            <Input {...control} type="date" aria-required="true" {...register('date')} />
          )}
        </FormField>
        <FormField label="Share class" error={errors.shareClassId?.message}>
          {(control) => (
            <Select
              {...control}
              aria-required="true"
              {...register('shareClassId', {
                onChange: (e: { target: { value: string } }) => {
                  const chosen = shareClasses.find((c) => c.id === e.target.value);
                  if (chosen && !form.getValues('pricePerShare'))
                    form.setValue('currency', chosen.currency);
                },
              })}
            >
              <option value="">Choose a class…</option>
              {shareClasses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {hasFrom ? stakeholderSelect('fromStakeholderId', 'From stakeholder') : null}
        {hasTo ? stakeholderSelect('toStakeholderId', 'To stakeholder') : null}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="sr-only">Shares</legend>
        <FormField label="Share count" error={errors.shareCount?.message}>
          {(control) => (
            <Input
              {...control}
              aria-required="true"
              inputMode="numeric"
              autoComplete="off"
              {...register('shareCount', {
                setValueAs: countFromInput,
                onChange: followLastNumber,
              })}
            />
          )}
        </FormField>
        <FormField
          label="First share number"
          error={errors.firstShareNumber?.message}
          description="Optional; numbered shares move with their numbers"
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...register('firstShareNumber', {
                setValueAs: countFromInput,
                onChange: followLastNumber,
              })}
            />
          )}
        </FormField>
        <FormField label="Last share number" error={errors.lastShareNumber?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...register('lastShareNumber', {
                setValueAs: countFromInput,
                onChange: () => {
                  lastTypedByUser.current = true;
                },
              })}
            />
          )}
        </FormField>
      </fieldset>
      {hasPrice ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <FormField
            label="Price per share"
            error={errors.pricePerShare?.message}
            description="Optional, e.g. 0.01"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                {...register('pricePerShare', { setValueAs: decimalFromInput })}
              />
            )}
          </FormField>
          <FormField label="Currency" error={errors.currency?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                maxLength={3}
                className="uppercase"
                {...register('currency', { setValueAs: idFromInput })}
              />
            )}
          </FormField>
        </div>
      ) : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold">Notarial deed</legend>
        <FormField label="Deed date" error={errors.deedDate?.message}>
          {(control) => <Input {...control} type="date" {...register('deedDate')} />}
        </FormField>
        <FormField label="Notary" error={errors.notary?.message}>
          {(control) => <Input {...control} autoComplete="off" {...register('notary')} />}
        </FormField>
      </fieldset>
      <FormField label="Notes" error={errors.notes?.message}>
        {(control) => <Input {...control} autoComplete="off" {...register('notes')} />}
      </FormField>
      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
