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
import { FormDialogActions } from './form-dialog';
import { countFromInput, todayIso } from './format';
import { RadioGroupField } from './radio-group';
import { reportSaveError } from './report-error';

/**
 * The contract's adjustment, entered as a direction and a positive number of shares (a lawyer
 * "adds 500" or "releases 300"; nobody should have to type a minus sign). The output is exactly
 * `poolAdjustmentCreateSchema`'s: the signed share count the API takes.
 */
const adjustmentFormSchema = poolAdjustmentCreateSchema
  .extend({
    direction: z.enum(['increase', 'decrease'], { error: 'Choose increase or release' }),
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
    resolver: zodResolver(adjustmentFormSchema),
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
      reportSaveError(error, form.setError, FIELD_NAMES, 'Saving the pool adjustment failed');
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <RadioGroupField
        legend="Change"
        error={errors.direction?.message}
        registration={register('direction')}
        options={[
          {
            value: 'increase',
            label: 'Increase the pool',
            description: 'Reserve more shares, e.g. a top-up with a funding round.',
          },
          {
            value: 'decrease',
            label: 'Release from the pool',
            description: 'Reserve fewer shares; never below what is granted.',
          },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Number of shares" error={errors.shareCount?.message}>
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
          label="Effective date"
          error={errors.date?.message}
          description="From this date the pool counts the change."
        >
          {(c) => <Input {...c} aria-required="true" type="date" {...register('date')} />}
        </FormField>
      </div>
      <FormField
        label="Reason"
        error={errors.reason?.message}
        description="Optional, e.g. Series A top-up"
      >
        {(c) => <Input {...c} autoComplete="off" {...register('reason')} />}
      </FormField>
      <FormField
        label="Approval date"
        error={errors.approvalDate?.message}
        description="Optional: the date of the resolution approving the change."
        className="sm:max-w-[50%]"
      >
        {(c) => <Input {...c} type="date" {...register('approvalDate')} />}
      </FormField>
      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
