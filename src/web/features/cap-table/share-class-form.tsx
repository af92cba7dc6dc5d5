import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  shareClassCreateSchema,
  type ShareClass,
  type ShareClassCreate,
  type ShareClassCreateInput,
} from '../../../contracts/equity';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { countFromInput, decimalForInput, decimalFromInput } from '../../lib/format';
import { t } from '../../lib/i18n';
import { FormDialogActions } from './form-dialog';
import { reportSaveError } from './section';
import { localizedSchema } from '../../lib/localized-schema';

const FIELD_NAMES = [
  'name',
  'classType',
  'nominalValue',
  'currency',
  'votesPerShare',
  'liquidationPreferenceMultiple',
  'participating',
  'participationCapMultiple',
  'seniority',
  'sharesAuthorized',
] as const satisfies readonly Path<ShareClassCreateInput>[];

export const emptyShareClass: ShareClassCreateInput = {
  name: '',
  classType: 'common',
  nominalValue: '',
  currency: 'EUR',
  votesPerShare: '1',
  liquidationPreferenceMultiple: '1',
  participating: false,
  participationCapMultiple: '',
  seniority: 1,
  sharesAuthorized: null,
};

/** Prefill for editing. */
export function shareClassToFormValues(c: ShareClass): ShareClassCreateInput {
  return {
    name: c.name,
    classType: c.classType,
    nominalValue: decimalForInput(c.nominalValue),
    currency: c.currency,
    votesPerShare: c.votesPerShare,
    liquidationPreferenceMultiple: decimalForInput(c.liquidationPreferenceMultiple),
    participating: c.participating,
    participationCapMultiple: decimalForInput(c.participationCapMultiple) ?? '',
    seniority: c.seniority,
    sharesAuthorized: c.sharesAuthorized,
  };
}

/**
 * Create and edit form of a share class, validated with `shareClassCreateSchema` (the server's
 * own); decimals stay strings ("0.01") all the way.
 */
export function ShareClassForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: ShareClassCreateInput;
  submitLabel: string;
  onSubmit: (values: ShareClassCreate) => Promise<unknown>;
}) {
  const form = useForm<ShareClassCreateInput, unknown, ShareClassCreate>({
    resolver: zodResolver(localizedSchema(shareClassCreateSchema)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const participating = useWatch({ control: form.control, name: 'participating' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      reportSaveError(error, form.setError, FIELD_NAMES, t('cap-table.shareClassForm.saveFailed'));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField label={t('cap-table.shareClassForm.name')} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              aria-required="true"
              autoComplete="off"
              placeholder={t('cap-table.shareClassForm.namePlaceholder')}
              {...register('name')}
            />
          )}
        </FormField>
        <FormField label={t('cap-table.shareClassForm.type')} error={errors.classType?.message}>
          {(control) => (
            <Select {...control} {...register('classType')}>
              <option value="common">{t('cap-table.shareClassForm.type.common')}</option>
              <option value="preferred">{t('cap-table.shareClassForm.type.preferred')}</option>
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField
          label={t('cap-table.shareClassForm.nominalValue')}
          error={errors.nominalValue?.message}
          description={t('cap-table.shareClassForm.nominalValueHint')}
        >
          {(control) => (
            <Input
              {...control}
              aria-required="true"
              inputMode="decimal"
              autoComplete="off"
              {...register('nominalValue', { setValueAs: decimalFromInput })}
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
              {...register('currency')}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label={t('cap-table.shareClassForm.votesPerShare')}
          error={errors.votesPerShare?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              {...register('votesPerShare', { setValueAs: decimalFromInput })}
            />
          )}
        </FormField>
        <FormField
          label={t('cap-table.shareClassForm.liquidationPreference')}
          error={errors.liquidationPreferenceMultiple?.message}
          description={t('cap-table.shareClassForm.liquidationPreferenceHint')}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              {...register('liquidationPreferenceMultiple', { setValueAs: decimalFromInput })}
            />
          )}
        </FormField>
        <FormField
          label={t('cap-table.shareClassForm.seniority')}
          error={errors.seniority?.message}
          description={t('cap-table.shareClassForm.seniorityHint')}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...register('seniority', { setValueAs: countFromInput })}
            />
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="sr-only">{t('cap-table.shareClassForm.participation')}</legend>
        <div className="flex items-start gap-2">
          <input
            id="share-class-participating"
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            aria-describedby="share-class-participating-hint"
            {...register('participating', {
              onChange: (e: { target: { checked: boolean } }) => {
                if (!e.target.checked) form.setValue('participationCapMultiple', '');
              },
            })}
          />
          <div className="grid gap-0.5">
            <label htmlFor="share-class-participating" className="text-sm font-medium">
              {t('cap-table.shareClassForm.participating')}
            </label>
            <p id="share-class-participating-hint" className="text-xs text-muted-foreground">
              {t('cap-table.shareClassForm.participatingHint')}
            </p>
          </div>
        </div>
        {participating ? (
          <FormField
            label={t('cap-table.shareClassForm.participationCap')}
            error={errors.participationCapMultiple?.message}
            description={t('cap-table.shareClassForm.participationCapHint')}
            className="sm:max-w-xs"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                {...register('participationCapMultiple', { setValueAs: decimalFromInput })}
              />
            )}
          </FormField>
        ) : null}
      </fieldset>
      <FormField
        label={t('cap-table.shareClassForm.sharesAuthorized')}
        error={errors.sharesAuthorized?.message}
        description={t('cap-table.shareClassForm.sharesAuthorizedHint')}
        className="sm:max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            {...register('sharesAuthorized', { setValueAs: countFromInput })}
          />
        )}
      </FormField>
      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
