import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  poolAdjustmentCreateSchema,
  shareCountSchema,
  type PoolAdjustment,
  type PoolAdjustmentCreate,
} from '../../../contracts/equity';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { adjustmentDirectionSchema } from './adjustment-direction';
import { FormDialogActions } from './form-dialog';
import { FormDateInput } from '../../components/ui/date-input';
import { countFromInput } from '../../lib/format';
import { t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import { todayIso } from './format';
import { RadioGroupField } from './radio-group';
import { reportSaveError } from './report-error';

/**
 * The contract's adjustment, entered as a direction and a positive number of shares (a lawyer
 * "adds 500" or "releases 300"; nobody should have to type a minus sign). The output is exactly
 * `poolAdjustmentCreateSchema`'s: the signed share count the API takes.
 */
const adjustmentFormSchema = poolAdjustmentCreateSchema
  .extend({
    direction: adjustmentDirectionSchema,
    shareCount: shareCountSchema('Number of shares'),
  })
  .transform(({ direction, shareCount, ...rest }): PoolAdjustmentCreate => ({
    ...rest,
    shareCount: direction === 'decrease' ? -shareCount : shareCount,
  }));

type AdjustmentFormInput = z.input<typeof adjustmentFormSchema>;

const FIELD_NAMES = [
  'date',
  'shareCount',
  'reason',
  'approvalDate',
] as const satisfies readonly Path<AdjustmentFormInput>[];

export function emptyAdjustmentValues(): Partial<AdjustmentFormInput> {
  return {
    direction: 'increase',
    date: todayIso(),
    shareCount: undefined,
    reason: '',
    approvalDate: '',
  };
}

export function adjustmentToFormValues(a: PoolAdjustment): Partial<AdjustmentFormInput> {
  return {
    direction: a.shareCount < 0 ? 'decrease' : 'increase',
    date: a.date,
    shareCount: Math.abs(a.shareCount),
    reason: a.reason ?? '',
    approvalDate: a.approvalDate ?? '',
  };
}

/**
 * Create and edit form of a pool adjustment. A refusal because the pool would drop below what
 * is granted (409 POOL_EXHAUSTED) shows next to the number and as a toast with the server's
 * message, which names what is still available.
 */
export function PoolAdjustmentForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: Partial<AdjustmentFormInput>;
  submitLabel: string;
  onSubmit: (body: PoolAdjustmentCreate) => Promise<unknown>;
}) {
  const form = useForm<AdjustmentFormInput, unknown, PoolAdjustmentCreate>({
    resolver: zodResolver(localizedSchema(adjustmentFormSchema)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState, control } = form;
  const { errors, isSubmitting } = formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      reportSaveError(error, form.setError, FIELD_NAMES, t('plans.adjustment.saveFailed'));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <RadioGroupField
        legend={t('plans.adjustment.change')}
        error={errors.direction?.message}
        registration={register('direction')}
        options={[
          {
            value: 'increase',
            label: t('plans.adjustment.increase'),
            description: t('plans.adjustment.increase.hint'),
          },
          {
            value: 'decrease',
            label: t('plans.adjustment.release'),
            description: t('plans.adjustment.release.hint'),
          },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('plans.adjustment.shares')} error={errors.shareCount?.message}>
          {(c) => (
            <Input
              {...c}
              aria-required="true"
              inputMode="numeric"
              autoComplete="off"
              {...register('shareCount', { setValueAs: countFromInput })}
            />
          )}
        </FormField>
        <FormField
          label={t('plans.adjustment.date')}
          error={errors.date?.message}
          description={t('plans.adjustment.date.hint')}
        >
          {(c) => <FormDateInput {...c} aria-required="true" control={control} name="date" />}
        </FormField>
      </div>
      <FormField
        label={t('plans.adjustment.reason')}
        error={errors.reason?.message}
        description={t('plans.adjustment.reason.hint')}
      >
        {(c) => <Input {...c} autoComplete="off" {...register('reason')} />}
      </FormField>
      <FormField
        label={t('plans.adjustment.approvalDate')}
        error={errors.approvalDate?.message}
        description={t('plans.adjustment.approvalDate.hint')}
        className="sm:max-w-[50%]"
      >
        {(c) => <FormDateInput {...c} control={control} name="approvalDate" />}
      </FormField>
      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
