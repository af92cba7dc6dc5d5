import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  vestingTemplateCreateSchema,
  type VestingTemplate,
  type VestingTemplateCreate,
  type VestingTemplateCreateInput,
} from '../../../contracts/vesting';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { FormDialogActions } from '../plans/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { countFromInput } from '../../lib/format';
import { t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import { todayIso } from '../plans/format';
import { reportSaveError } from '../plans/report-error';
import { defaultTimeTerms, flattenErrors } from './terms';
import { TermsEditor } from './terms-editor';
import { VestingPreview } from './vesting-preview';

const FIELD_NAMES = ['name', 'description', 'terms'] as const;

export function templateFormValues(template?: VestingTemplate): VestingTemplateCreateInput {
  return template
    ? {
        name: template.name,
        description: template.description ?? '',
        terms: structuredClone(template.terms),
      }
    : { name: '', description: '', terms: defaultTimeTerms() };
}

/** Server errors on nested terms fields ("terms.occurrences") shown on the terms. */
function termsServerErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields)) {
    if (name === 'terms') out[''] = message;
    else if (name.startsWith('terms.')) out[name.slice('terms.'.length)] = message;
  }
  return out;
}

/**
 * Create and edit form of a vesting template, with the terms editor and a live preview of the
 * terms on a sample grant (quantity and start date only for the preview; not saved).
 */
export function TemplateForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: VestingTemplateCreateInput;
  submitLabel: string;
  onSubmit: (body: VestingTemplateCreate) => Promise<unknown>;
}) {
  const form = useForm<VestingTemplateCreateInput, unknown, VestingTemplateCreate>({
    resolver: zodResolver(localizedSchema(vestingTemplateCreateSchema)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const [serverTermsErrors, setServerTermsErrors] = useState<Record<string, string>>({});
  const [sampleQuantity, setSampleQuantity] = useState('10000');
  const [sampleStart, setSampleStart] = useState(() => todayIso());
  const terms = useWatch({ control, name: 'terms' });

  const submit = form.handleSubmit(async (values) => {
    setServerTermsErrors({});
    try {
      await onSubmit(values);
    } catch (error) {
      setServerTermsErrors(termsServerErrors(error));
      reportSaveError(error, form.setError, FIELD_NAMES, t('vesting.form.saveFailed'));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <div className="grid gap-4">
        <FormField label={t('vesting.form.name')} error={errors.name?.message}>
          {(c) => (
            <Input
              {...c}
              aria-required="true"
              autoComplete="off"
              placeholder={t('vesting.form.name.placeholder')}
              {...register('name')}
            />
          )}
        </FormField>
        <FormField
          label={t('vesting.form.description')}
          error={errors.description?.message}
          description={t('vesting.form.description.hint')}
        >
          {(c) => <Textarea {...c} rows={2} {...register('description')} />}
        </FormField>
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-3 text-sm font-semibold">{t('vesting.form.terms')}</legend>
        <Controller
          control={control}
          name="terms"
          render={({ field }) => (
            <TermsEditor
              value={field.value}
              onChange={(next) => {
                setServerTermsErrors({});
                field.onChange(next);
              }}
              errors={{ ...flattenErrors(errors.terms), ...serverTermsErrors }}
              disabled={isSubmitting}
            />
          )}
        />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-semibold">{t('vesting.form.sample')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('vesting.form.sampleQuantity')}
            description={t('vesting.form.sampleQuantity.hint')}
          >
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                value={sampleQuantity}
                onChange={(e) => setSampleQuantity(e.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('vesting.form.sampleStart')}>
            {(c) => <DateInput {...c} value={sampleStart} onValueChange={setSampleStart} />}
          </FormField>
        </div>
        <VestingPreview
          title={t('vesting.form.preview')}
          quantity={countFromInput(sampleQuantity)}
          vestingStartDate={sampleStart}
          terms={terms}
          asOf={todayIso()}
        />
      </fieldset>
      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
