import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import {
  receiptCreateSchema,
  type Receipt,
  type ReceiptCreate,
  type ReceiptCreateInput,
  type ShareClass,
  type Stakeholder,
} from '../../../contracts/equity';
import { FormDateInput } from '../../components/ui/date-input';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { countFromInput } from '../../lib/format';
import { t } from '../../lib/i18n';
import { todayIso } from './format';
import { FormDialogActions } from './form-dialog';
import { reportSaveError } from './section';
import { stakeholderLabel } from './share-event-form';
import { localizedSchema } from '../../lib/localized-schema';

const FIELD_NAMES = [
  'stakStakeholderId',
  'shareClassId',
  'holderStakeholderId',
  'receiptCount',
  'date',
  'notes',
] as const satisfies readonly Path<ReceiptCreateInput>[];

export function newReceiptValues(
  staks: readonly Stakeholder[],
  shareClasses: readonly ShareClass[],
): ReceiptCreateInput {
  return {
    stakStakeholderId: staks.length === 1 ? staks[0]!.id : '',
    shareClassId: shareClasses.length === 1 ? shareClasses[0]!.id : '',
    holderStakeholderId: '',
    receiptCount: undefined as unknown as number,
    date: todayIso(),
    notes: '',
  };
}

export function receiptToFormValues(r: Receipt): ReceiptCreateInput {
  return {
    stakStakeholderId: r.stakStakeholderId,
    shareClassId: r.shareClassId,
    holderStakeholderId: r.holderStakeholderId,
    receiptCount: r.receiptCount,
    date: r.date,
    notes: r.notes ?? '',
  };
}

/**
 * One line of the depositary receipts register: a STAK's receipts on shares of a class, held by
 * a stakeholder from a date. Validated with `receiptCreateSchema`; the server refuses (409)
 * receipts beyond the STAK's shares of the class.
 */
export function ReceiptForm({
  defaultValues,
  staks,
  holders,
  shareClasses,
  submitLabel,
  onSubmit,
}: {
  defaultValues: ReceiptCreateInput;
  staks: readonly Stakeholder[];
  holders: readonly Stakeholder[];
  shareClasses: readonly ShareClass[];
  submitLabel: string;
  onSubmit: (values: ReceiptCreate) => Promise<unknown>;
}) {
  const form = useForm<ReceiptCreateInput, unknown, ReceiptCreate>({
    resolver: zodResolver(localizedSchema(receiptCreateSchema)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      reportSaveError(error, form.setError, FIELD_NAMES, t('cap-table.receipts.form.saveFailed'));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('cap-table.receipts.form.stak')}
          error={errors.stakStakeholderId?.message}
        >
          {(control) => (
            <Select {...control} aria-required="true" {...register('stakStakeholderId')}>
              <option value="">{t('cap-table.receipts.form.chooseStak')}</option>
              {staks.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('cap-table.field.shareClass')} error={errors.shareClassId?.message}>
          {(control) => (
            <Select {...control} aria-required="true" {...register('shareClassId')}>
              <option value="">{t('cap-table.field.chooseClass')}</option>
              {shareClasses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t('cap-table.receipts.form.holder')}
          error={errors.holderStakeholderId?.message}
        >
          {(control) => (
            <Select {...control} aria-required="true" {...register('holderStakeholderId')}>
              <option value="">{t('cap-table.field.chooseStakeholder')}</option>
              {holders.map((s) => (
                <option key={s.id} value={s.id}>
                  {stakeholderLabel(s)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('cap-table.receipts.form.count')} error={errors.receiptCount?.message}>
          {(control) => (
            <Input
              {...control}
              aria-required="true"
              inputMode="numeric"
              autoComplete="off"
              {...register('receiptCount', { setValueAs: countFromInput })}
            />
          )}
        </FormField>
        <FormField label={t('cap-table.field.date')} error={errors.date?.message}>
          {(control) => (
            <FormDateInput {...control} aria-required="true" control={form.control} name="date" />
          )}
        </FormField>
        <FormField label={t('cap-table.field.notes')} error={errors.notes?.message}>
          {(control) => <Input {...control} autoComplete="off" {...register('notes')} />}
        </FormField>
      </div>
      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
