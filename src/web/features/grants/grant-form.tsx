import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type DefaultValues, type Path } from 'react-hook-form';
import type { Plan, Stakeholder } from '../../../contracts/equity';
import {
  BE_ACCEPTANCE_DAYS,
  grantCreateSchema,
  STORED_GRANT_STATUSES,
  type Grant,
  type GrantCreate,
  type GrantCreateInput,
  type VestingTemplate,
} from '../../../contracts/vesting';
import { isIsoDate } from '../../../domain/dates';
import { addDays } from '../../../domain/vesting/dates';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { FormDateInput } from '../../components/ui/date-input';
import { countFromInput, decimalForInput, decimalFromInput, formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { localizedSchema } from '../../lib/localized-schema';
import { FormDialogActions } from '../plans/form-dialog';
import { idFromInput, todayIso } from '../plans/format';
import { reportSaveError } from '../plans/report-error';
import { RELATIONSHIP_LABELS } from '../stakeholders/fields';
import { defaultTimeTerms, describeTerms, flattenErrors } from '../vesting/terms';
import { TermsEditor } from '../vesting/terms-editor';
import { VestingPreview } from '../vesting/vesting-preview';
import { hasPrice, policyOf, priceLabel, statusLabel } from './format';

/** Every field the server may name in `error.fields`. */
const FIELD_NAMES = [
  'stakeholderId',
  'planId',
  'quantity',
  'exercisePrice',
  'currency',
  'grantDate',
  'vestingStartDate',
  'templateId',
  'terms',
  'expiryDate',
  'offerDate',
  'acceptanceDate',
  'taxAtExercise',
  'taxElectionDate',
  'status',
  'notes',
] as const satisfies readonly Path<GrantCreateInput>[];

export type GrantChoices = {
  plans: readonly Plan[];
  stakeholders: readonly Stakeholder[];
  templates: readonly VestingTemplate[];
};

/** The plan's default template, if it still exists. */
function defaultTemplateOf(plan: Plan | undefined, templates: readonly VestingTemplate[]) {
  return plan?.defaultVestingTemplateId
    ? templates.find((t) => t.id === plan.defaultVestingTemplateId)
    : undefined;
}

/** A new grant: today's dates, the only plan and its default template preselected. */
export function emptyGrantFormValues(
  { plans, templates }: GrantChoices,
  preset: { planId?: string | undefined; stakeholderId?: string | undefined } = {},
): DefaultValues<GrantCreateInput> {
  const plan =
    plans.find((p) => p.id === preset.planId) ?? (plans.length === 1 ? plans[0] : undefined);
  const template = defaultTemplateOf(plan, templates);
  const today = todayIso();
  return {
    stakeholderId: preset.stakeholderId ?? '',
    planId: plan?.id ?? '',
    quantity: undefined,
    exercisePrice: '',
    currency: plan?.currency ?? 'EUR',
    grantDate: today,
    vestingStartDate: today,
    templateId: template?.id ?? null,
    terms: template ? structuredClone(template.terms) : defaultTimeTerms(),
    expiryDate: '',
    offerDate: '',
    acceptanceDate: '',
    taxAtExercise: false,
    taxElectionDate: '',
    status: 'active',
    notes: '',
  };
}

/** Prefill for editing: nulls of text and date inputs become empty inputs. */
export function grantToFormValues(grant: Grant): DefaultValues<GrantCreateInput> {
  const stored = (STORED_GRANT_STATUSES as readonly string[]).includes(grant.status);
  return {
    stakeholderId: grant.stakeholderId,
    planId: grant.planId,
    quantity: grant.quantity,
    exercisePrice: decimalForInput(grant.exercisePrice) ?? '',
    currency: grant.currency,
    grantDate: grant.grantDate,
    vestingStartDate: grant.vestingStartDate,
    templateId: grant.templateId,
    terms: structuredClone(grant.terms),
    expiryDate: grant.expiryDate ?? '',
    offerDate: grant.offerDate ?? '',
    acceptanceDate: grant.acceptanceDate ?? '',
    taxAtExercise: grant.taxAtExercise,
    taxElectionDate: grant.taxElectionDate ?? '',
    status: stored ? (grant.status as GrantCreateInput['status']) : 'active',
    notes: grant.notes ?? '',
  };
}

function termsServerErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields))
    if (name.startsWith('terms.')) out[name.slice('terms.'.length)] = message;
  return out;
}

function SectionLegend({ children }: { children: string }) {
  return <legend className="mb-3 text-sm font-semibold">{children}</legend>;
}

/**
 * Create and edit form of a grant, validated with the server's `grantCreateSchema`, with a live
 * preview of its schedule computed in the browser by the vesting engine (under the chosen plan's
 * leaver and acceleration rules). Choosing a plan copies its default template's terms; picking a
 * template copies its terms, which stay editable for this grant.
 */
export function GrantForm({
  defaultValues,
  choices,
  companyCountry,
  isEdit,
  editableStatus = true,
  submitLabel,
  onSubmit,
}: {
  defaultValues: DefaultValues<GrantCreateInput>;
  choices: GrantChoices;
  companyCountry: string;
  isEdit: boolean;
  /** False when the grant's status is derived (fully vested, forfeited…): not sent. */
  editableStatus?: boolean;
  submitLabel: string;
  onSubmit: (body: GrantCreate) => Promise<unknown>;
}) {
  const { plans, stakeholders, templates } = choices;
  const form = useForm<GrantCreateInput, unknown, GrantCreate>({
    resolver: zodResolver(localizedSchema(grantCreateSchema)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, formState, setValue, getValues } = form;
  const { errors, isSubmitting } = formState;
  const [serverTermsErrors, setServerTermsErrors] = useState<Record<string, string>>({});
  const values = useWatch({ control });
  const plan = plans.find((p) => p.id === values.planId);
  const priced = plan ? hasPrice(plan.planType) : true;
  const isBelgian = companyCountry === 'BE';
  const offerDate = values.offerDate ?? '';
  const acceptBy =
    isBelgian && typeof offerDate === 'string' && isIsoDate(offerDate)
      ? addDays(offerDate, BE_ACCEPTANCE_DAYS)
      : null;
  const showTax = companyCountry === 'NL' || values.taxAtExercise === true;

  const submit = form.handleSubmit(async (body) => {
    setServerTermsErrors({});
    const sent: GrantCreate = { ...body, exercisePrice: priced ? body.exercisePrice : null };
    if (!editableStatus) delete (sent as Partial<GrantCreate>).status;
    try {
      await onSubmit(sent);
    } catch (error) {
      setServerTermsErrors(termsServerErrors(error));
      reportSaveError(error, form.setError, FIELD_NAMES, t('grants.form.saveFailed'));
    }
  });

  const applyTemplate = (templateId: string | null) => {
    const template = templates.find((t) => t.id === templateId);
    if (template) setValue('terms', structuredClone(template.terms), { shouldDirty: true });
  };

  const onPlanChange = (planId: string) => {
    const next = plans.find((p) => p.id === planId);
    if (!next) return;
    setValue('currency', next.currency);
    if (!hasPrice(next.planType)) setValue('exercisePrice', '');
    // The plan's default template preselects the terms, unless the lawyer already edited them.
    const template = defaultTemplateOf(next, templates);
    if (template && !(isEdit || form.getFieldState('terms').isDirty)) {
      setValue('templateId', template.id);
      setValue('terms', structuredClone(template.terms));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <fieldset className="grid gap-4">
        <SectionLegend>{t('grants.form.section.award')}</SectionLegend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('grants.form.stakeholder')}
            error={errors.stakeholderId?.message}
            description={stakeholders.length === 0 ? t('grants.form.stakeholder.none') : undefined}
          >
            {(c) => (
              <Select {...c} aria-required="true" {...register('stakeholderId')}>
                <option value="">{t('grants.form.stakeholder.choose')}</option>
                {stakeholders.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t('grants.form.stakeholder.option', {
                      name: s.name,
                      relationship: t(RELATIONSHIP_LABELS[s.relationship]),
                    })}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label={t('grants.form.plan')}
            error={errors.planId?.message}
            description={
              plan ? t('grants.form.plan.available', { count: plan.poolAvailable }) : undefined
            }
          >
            {(c) => (
              <Select
                {...c}
                aria-required="true"
                {...register('planId', {
                  onChange: (e: { target: { value: string } }) => onPlanChange(e.target.value),
                })}
              >
                <option value="">{t('grants.form.plan.choose')}</option>
                {plans.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label={t('grants.form.quantity')}
            error={errors.quantity?.message}
            description={t('grants.form.quantity.hint')}
          >
            {(c) => (
              <Input
                {...c}
                aria-required="true"
                inputMode="numeric"
                autoComplete="off"
                {...register('quantity', { setValueAs: countFromInput })}
              />
            )}
          </FormField>
          {priced ? (
            <FormField
              label={plan ? priceLabel(plan.planType) : t('grants.form.exercisePrice')}
              error={errors.exercisePrice?.message}
              description={t('grants.form.price.hint')}
            >
              {(c) => (
                <Input
                  {...c}
                  inputMode="decimal"
                  autoComplete="off"
                  {...register('exercisePrice', { setValueAs: decimalFromInput })}
                />
              )}
            </FormField>
          ) : (
            <div className="grid content-start gap-1.5">
              <p className="text-sm font-medium">{t('grants.form.price')}</p>
              <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
                {t('grants.form.price.none')}
              </p>
            </div>
          )}
          <FormField label={t('grants.form.currency')} error={errors.currency?.message}>
            {(c) => (
              <Input
                {...c}
                maxLength={3}
                className="uppercase"
                autoComplete="off"
                {...register('currency')}
              />
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={t('grants.form.grantDate')} error={errors.grantDate?.message}>
            {(c) => (
              <FormDateInput {...c} aria-required="true" control={control} name="grantDate" />
            )}
          </FormField>
          <FormField
            label={t('grants.form.vestingStart')}
            error={errors.vestingStartDate?.message}
            description={t('grants.form.vestingStart.hint')}
          >
            {(c) => (
              <FormDateInput
                {...c}
                aria-required="true"
                control={control}
                name="vestingStartDate"
              />
            )}
          </FormField>
          <FormField
            label={t('grants.form.expiry')}
            error={errors.expiryDate?.message}
            description={t('grants.form.optional')}
          >
            {(c) => <FormDateInput {...c} control={control} name="expiryDate" />}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('grants.form.section.vesting')}</SectionLegend>
        <FormField
          label={t('grants.form.template')}
          error={errors.templateId?.message}
          description={t('grants.form.template.hint')}
          className="sm:max-w-md"
        >
          {(c) => (
            <Select
              {...c}
              {...register('templateId', {
                setValueAs: idFromInput,
                onChange: (e: { target: { value: string } }) =>
                  applyTemplate(e.target.value || null),
              })}
            >
              <option value="">{t('grants.form.template.none')}</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {t('grants.form.template.option', {
                    name: template.name,
                    terms: describeTerms(template.terms),
                  })}
                </option>
              ))}
            </Select>
          )}
        </FormField>
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
        <VestingPreview
          title={t('grants.form.preview')}
          quantity={values.quantity}
          vestingStartDate={values.vestingStartDate}
          terms={(values.terms ?? getValues('terms')) as GrantCreateInput['terms']}
          asOf={todayIso()}
          {...(plan ? { policy: policyOf(plan) } : {})}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('grants.form.section.offer')}</SectionLegend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={t('grants.form.status')} error={errors.status?.message}>
            {(c) => (
              <Select {...c} disabled={!editableStatus} {...register('status')}>
                {STORED_GRANT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t('grants.form.offerDate')} error={errors.offerDate?.message}>
            {(c) => <FormDateInput {...c} control={control} name="offerDate" />}
          </FormField>
          <FormField
            label={t('grants.form.acceptanceDate')}
            error={errors.acceptanceDate?.message}
            description={
              acceptBy
                ? t('grants.form.belgianAcceptBy', {
                    date: formatIsoDate(acceptBy),
                    days: BE_ACCEPTANCE_DAYS,
                  })
                : isBelgian
                  ? t('grants.form.belgianAccept', { days: BE_ACCEPTANCE_DAYS })
                  : undefined
            }
          >
            {(c) => <FormDateInput {...c} control={control} name="acceptanceDate" />}
          </FormField>
        </div>
        {showTax ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <div className="flex items-center gap-2">
                <input
                  id="grant-tax-at-exercise"
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...register('taxAtExercise', {
                    onChange: (e: { target: { checked: boolean } }) => {
                      if (!e.target.checked) setValue('taxElectionDate', '');
                    },
                  })}
                />
                <Label htmlFor="grant-tax-at-exercise">{t('grants.form.taxAtExercise')}</Label>
              </div>
              <p className="text-xs text-muted-foreground">{t('grants.form.taxAtExercise.hint')}</p>
            </div>
            {values.taxAtExercise ? (
              <FormField
                label={t('grants.form.electionDate')}
                error={errors.taxElectionDate?.message}
              >
                {(c) => (
                  <FormDateInput
                    {...c}
                    aria-required="true"
                    control={control}
                    name="taxElectionDate"
                  />
                )}
              </FormField>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <FormField
        label={t('grants.form.notes')}
        error={errors.notes?.message}
        description={t('grants.form.notes.hint')}
      >
        {(c) => <Textarea {...c} rows={3} {...register('notes')} />}
      </FormField>

      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
