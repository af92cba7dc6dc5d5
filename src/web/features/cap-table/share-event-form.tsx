import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  shareEventCreateSchema,
  type ShareClass,
  type ShareEvent,
  type ShareEventCreate,
  type ShareEventCreateInput,
  type Stakeholder,
} from '../../../contracts/equity';
import type { ShareEventType } from '../../../domain/equity';
import { FormDateInput } from '../../components/ui/date-input';
import { FormField } from '../../components/ui/form-field';
import { localizedSchema } from '../../lib/localized-schema';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { countFromInput, decimalForInput, decimalFromInput } from '../../lib/format';
import { msg, t } from '../../lib/i18n';
import { RELATIONSHIP_LABELS } from '../stakeholders/fields';
import { idFromInput, todayIso } from './format';
import { FormDialogActions } from './form-dialog';
import { reportSaveError } from './section';

/**
 * The register's three events, as the lawyer's actions are named: catalog keys of the button
 * (and new dialog's title), the register's type column and the edit dialog's title.
 */
export const SHARE_EVENT_ACTIONS: Record<
  ShareEventType,
  { action: string; label: string; editTitle: string }
> = {
  issue: {
    action: msg('cap-table.register.action.issue'),
    label: msg('cap-table.register.type.issue'),
    editTitle: msg('cap-table.register.editTitle.issue'),
  },
  transfer: {
    action: msg('cap-table.register.action.transfer'),
    label: msg('cap-table.register.type.transfer'),
    editTitle: msg('cap-table.register.editTitle.transfer'),
  },
  cancel: {
    action: msg('cap-table.register.action.cancel'),
    label: msg('cap-table.register.type.cancel'),
    editTitle: msg('cap-table.register.editTitle.cancel'),
  },
};

/**
 * Prefill of a new event: today, and the class when there is only one; an issue starts at the
 * class's next free share number (the register's suggestion, issue 12), the last number follows
 * from the count.
 */
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
    firstShareNumber: type === 'issue' ? suggestedFirstNumber(only) : null,
    lastShareNumber: null,
    pricePerShare: '',
    currency: only?.currency ?? 'EUR',
    deedDate: '',
    notary: '',
    notes: '',
  };
}

/** Where a new issue in the class starts numbering; null when the class is kept by count. */
function suggestedFirstNumber(shareClass: ShareClass | undefined): number | null {
  return shareClass?.nextShareNumber ?? null;
}

/** The last number of `count` shares numbered from `first`; null when either is missing. */
export function lastShareNumberOf(first: unknown, count: unknown): number | null {
  return typeof first === 'number' &&
    typeof count === 'number' &&
    Number.isInteger(first) &&
    Number.isInteger(count) &&
    first > 0 &&
    count > 0
    ? first + count - 1
    : null;
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
    pricePerShare: decimalForInput(e.pricePerShare) ?? '',
    currency: e.currency ?? 'EUR',
    deedDate: e.deedDate ?? '',
    notary: e.notary ?? '',
    notes: e.notes ?? '',
  };
}

/** "Anna de Vries (Founder)": a stakeholder in the forms' selects. */
export function stakeholderLabel(s: Stakeholder): string {
  return `${s.name} (${t(RELATIONSHIP_LABELS[s.relationship])})`;
}

/**
 * Form of one register event (issue, transfer or cancellation), validated with
 * `shareEventCreateSchema`, the server's own: who is on which side, and share numbers that match
 * the count. Whether the holder has the shares on that date only the server can tell (409).
 */
export function ShareEventForm({
  defaultValues,
  isNew = false,
  shareClasses,
  stakeholders,
  submitLabel,
  onSubmit,
}: {
  defaultValues: ShareEventCreateInput;
  /** A new event: an issue's share numbers follow the chosen class's next free number. */
  isNew?: boolean;
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
    resolver: zodResolver(localizedSchema(shareEventCreateSchema)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  // Until the user types a last share number, it follows first number + count − 1; until they
  // type a first number, a new issue's follows the chosen class's next free number.
  const lastTypedByUser = useRef(false);
  const firstTypedByUser = useRef(false);

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
    const last = lastShareNumberOf(first, form.getValues('shareCount'));
    // Numbers cleared: the last one goes too (an unnumbered issue needs neither).
    if (last !== null || first === null) form.setValue('lastShareNumber', last);
  }

  // A new issue's first number follows the chosen class's next free number, also when the
  // class list is refetched while the dialog is open (right after another issue), until the user
  // types one.
  const chosenClassId = useWatch({ control: form.control, name: 'shareClassId' });
  const suggestion =
    isNew && type === 'issue'
      ? suggestedFirstNumber(shareClasses.find((c) => c.id === chosenClassId))
      : undefined;
  useEffect(() => {
    if (suggestion === undefined || firstTypedByUser.current) return;
    if (form.getValues('firstShareNumber') === suggestion) return;
    form.setValue('firstShareNumber', suggestion);
    if (!lastTypedByUser.current)
      form.setValue('lastShareNumber', lastShareNumberOf(suggestion, form.getValues('shareCount')));
  }, [form, suggestion]);

  const submit = form.handleSubmit(async (values) => {
    const priced = hasPrice && values.pricePerShare !== null;
    try {
      await onSubmit({
        ...values,
        pricePerShare: priced ? values.pricePerShare : null,
        currency: priced ? values.currency : null,
      });
    } catch (error) {
      reportSaveError(error, form.setError, fieldNames, t('cap-table.shareEvent.saveFailed'));
    }
  });

  const stakeholderSelect = (name: 'fromStakeholderId' | 'toStakeholderId', label: string) => (
    <FormField label={label} error={errors[name]?.message}>
      {(control) => (
        <Select {...control} aria-required="true" {...register(name, { setValueAs: idFromInput })}>
          <option value="">{t('cap-table.field.chooseStakeholder')}</option>
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
        <FormField label={t('cap-table.field.date')} error={errors.date?.message}>
          {(control) => (
            <FormDateInput {...control} aria-required="true" control={form.control} name="date" />
          )}
        </FormField>
        <FormField label={t('cap-table.field.shareClass')} error={errors.shareClassId?.message}>
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
              <option value="">{t('cap-table.field.chooseClass')}</option>
              {shareClasses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {hasFrom ? stakeholderSelect('fromStakeholderId', t('cap-table.shareEvent.from')) : null}
        {hasTo ? stakeholderSelect('toStakeholderId', t('cap-table.shareEvent.to')) : null}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="sr-only">{t('cap-table.shareEvent.shares')}</legend>
        <FormField label={t('cap-table.shareEvent.shareCount')} error={errors.shareCount?.message}>
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
          label={t('cap-table.shareEvent.firstNumber')}
          error={errors.firstShareNumber?.message}
          description={
            isNew && type === 'issue'
              ? t('cap-table.shareEvent.nextNumberHint')
              : t('cap-table.shareEvent.numbersHint')
          }
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...register('firstShareNumber', {
                setValueAs: countFromInput,
                onChange: () => {
                  firstTypedByUser.current = true;
                  followLastNumber();
                },
              })}
            />
          )}
        </FormField>
        <FormField
          label={t('cap-table.shareEvent.lastNumber')}
          error={errors.lastShareNumber?.message}
        >
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
            label={t('cap-table.shareEvent.price')}
            error={errors.pricePerShare?.message}
            description={t('cap-table.shareEvent.priceHint')}
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
          <FormField label={t('cap-table.field.currency')} error={errors.currency?.message}>
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
        <legend className="mb-1 text-sm font-semibold">{t('cap-table.shareEvent.deed')}</legend>
        <FormField label={t('cap-table.shareEvent.deedDate')} error={errors.deedDate?.message}>
          {(control) => <FormDateInput {...control} control={form.control} name="deedDate" />}
        </FormField>
        <FormField label={t('cap-table.shareEvent.notary')} error={errors.notary?.message}>
          {(control) => <Input {...control} autoComplete="off" {...register('notary')} />}
        </FormField>
      </fieldset>
      <FormField label={t('cap-table.field.notes')} error={errors.notes?.message}>
        {(control) => <Input {...control} autoComplete="off" {...register('notes')} />}
      </FormField>
      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
