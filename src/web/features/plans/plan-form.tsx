import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm, useWatch, type DefaultValues, type Path } from 'react-hook-form';
import {
  DEFAULT_LEAVER_POLICY,
  planCreateSchema,
  type Plan,
  type PlanCreate,
  type PlanCreateInput,
  type ShareClass,
  type Stakeholder,
} from '../../../contracts/equity';
import { isCashSettled, PLAN_TYPES, type PlanType } from '../../../domain/equity';
import { FormDateInput } from '../../components/ui/date-input';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { countFromInput, percentFromInput } from '../../lib/format';
import { t } from '../../lib/i18n';
import { cn } from '../../lib/utils';
import { localizedSchema } from '../../lib/localized-schema';
import { vestingTemplatesQueryOptions } from '../vesting/api';
import type { PlanBody } from './api';
import { FormDialogActions } from './form-dialog';
import { idFromInput } from './format';
import { RadioGroupField } from './radio-group';
import { reportSaveError } from './report-error';
import {
  FORFEITED_HELP,
  FORFEITED_LABELS,
  LEAVER_HELP,
  PLAN_TYPE_HELP,
  PLAN_TYPE_NAMES,
  TRIGGER_HELP,
  TRIGGER_LABELS,
  UNVESTED_HELP,
  UNVESTED_LABELS,
  VESTED_HELP,
  VESTED_LABELS,
} from './terms';

/** Every field the server may name in `error.fields`, nested ones with dots as the API does. */
const FIELD_NAMES = [
  'name',
  'planType',
  'shareClassId',
  'stakStakeholderId',
  'poolSize',
  'currency',
  'boardApprovalDate',
  'shareholderApprovalDate',
  'exerciseWindowMonths',
  'leaverPolicy.good.unvested',
  'leaverPolicy.good.vested',
  'leaverPolicy.bad.unvested',
  'leaverPolicy.bad.vested',
  'acceleration.trigger',
  'acceleration.percent',
  'acceleration.windowMonths',
  'forfeitedTo',
  'defaultVestingTemplateId',
  'notes',
] as const satisfies readonly Path<PlanCreateInput>[];

type Choices = { shareClasses: readonly ShareClass[]; staks: readonly Stakeholder[] };

/** The one choice there is, else nothing (a lawyer picks when there are several). */
const onlyId = (items: readonly { id: string }[]) => (items.length === 1 ? items[0]!.id : null);

/** A new plan: stock options with the contract's defaults; the only share class preselected. */
export function emptyPlanFormValues({ shareClasses }: Choices): DefaultValues<PlanCreateInput> {
  return {
    name: '',
    planType: 'stock_options',
    shareClassId: onlyId(shareClasses),
    stakStakeholderId: null,
    poolSize: undefined,
    currency: 'EUR',
    boardApprovalDate: '',
    shareholderApprovalDate: '',
    exerciseWindowMonths: null,
    leaverPolicy: structuredClone(DEFAULT_LEAVER_POLICY),
    acceleration: { trigger: 'none', percent: null, windowMonths: null },
    forfeitedTo: 'pool',
    defaultVestingTemplateId: null,
    notes: '',
  };
}

/** Prefill for editing: nulls of text and date inputs become empty inputs. */
export function planToFormValues(plan: Plan): DefaultValues<PlanCreateInput> {
  return {
    name: plan.name,
    planType: plan.planType,
    shareClassId: plan.shareClassId,
    stakStakeholderId: plan.stakStakeholderId,
    poolSize: plan.poolSize,
    currency: plan.currency,
    boardApprovalDate: plan.boardApprovalDate ?? '',
    shareholderApprovalDate: plan.shareholderApprovalDate ?? '',
    exerciseWindowMonths: plan.exerciseWindowMonths,
    leaverPolicy: structuredClone(plan.leaverPolicy),
    acceleration: { ...plan.acceleration },
    forfeitedTo: plan.forfeitedTo,
    defaultVestingTemplateId: plan.defaultVestingTemplateId,
    notes: plan.notes ?? '',
  };
}

const textareaClassName = cn(
  'flex min-h-20 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs transition-colors placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'aria-invalid:border-destructive',
);

function SectionLegend({ children }: { children: string }) {
  return <legend className="mb-3 text-sm font-semibold">{children}</legend>;
}

/**
 * Create and edit form of an equity plan, validated with `planCreateSchema` (the server's own).
 * The share class and STAK selects follow the plan type: cash-settled plans (phantom, SAR,
 * virtual) create no shares and have no class; only options on depositary receipts have a STAK.
 */
export function PlanForm({
  defaultValues,
  shareClasses,
  staks,
  isEdit,
  submitLabel,
  onSubmit,
}: Choices & {
  defaultValues: DefaultValues<PlanCreateInput>;
  isEdit: boolean;
  submitLabel: string;
  onSubmit: (body: PlanBody) => Promise<unknown>;
}) {
  const form = useForm<PlanCreateInput, unknown, PlanCreate>({
    resolver: zodResolver(localizedSchema(planCreateSchema)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState, setValue, getValues, control } = form;
  const { errors, isSubmitting } = formState;
  const planType = useWatch({ control, name: 'planType' }) as PlanType;
  const trigger = useWatch({ control, name: 'acceleration.trigger' });
  const cashSettled = isCashSettled(planType);
  const templates = useQuery(vestingTemplatesQueryOptions());
  // The saved default is selectable once the templates have loaded.
  useEffect(() => {
    if (templates.data) setValue('defaultVestingTemplateId', getValues('defaultVestingTemplateId'));
  }, [templates.data, setValue, getValues]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      reportSaveError(error, form.setError, FIELD_NAMES, t('plans.form.saveFailed'));
    }
  });

  // Keeps the class and STAK consistent with the type, so the contract's cross-field rules hold.
  const onPlanTypeChange = (next: PlanType) => {
    if (isCashSettled(next)) setValue('shareClassId', null);
    else if (!getValues('shareClassId')) setValue('shareClassId', onlyId(shareClasses));
    if (next !== 'receipt_options') setValue('stakStakeholderId', null);
    else if (!getValues('stakStakeholderId')) setValue('stakStakeholderId', onlyId(staks));
  };

  const onTriggerChange = (next: string) => {
    if (next === 'none') setValue('acceleration.percent', null);
    if (next !== 'double') setValue('acceleration.windowMonths', null);
  };

  const leaverErrors = errors.leaverPolicy;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <fieldset className="grid gap-4">
        <SectionLegend>{t('plans.form.section.plan')}</SectionLegend>
        <FormField label={t('plans.form.name')} error={errors.name?.message}>
          {(c) => (
            <Input
              {...c}
              aria-required="true"
              autoComplete="off"
              placeholder={t('plans.form.name.placeholder')}
              {...register('name')}
            />
          )}
        </FormField>
        <FormField
          label={t('plans.form.planType')}
          error={errors.planType?.message}
          description={t(PLAN_TYPE_HELP[planType])}
        >
          {(c) => (
            <Select
              {...c}
              {...register('planType', {
                onChange: (e: { target: { value: string } }) =>
                  onPlanTypeChange(e.target.value as PlanType),
              })}
            >
              {PLAN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {isCashSettled(type)
                    ? t('plans.form.cashSettledSuffix', { type: t(PLAN_TYPE_NAMES[type]) })
                    : t(PLAN_TYPE_NAMES[type])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          {cashSettled ? (
            <div className="grid content-start gap-1.5">
              <p className="text-sm font-medium">{t('plans.form.shareClass')}</p>
              <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
                {t('plans.form.shareClass.none')}
              </p>
            </div>
          ) : (
            <FormField
              label={t('plans.form.shareClass')}
              error={errors.shareClassId?.message}
              description={
                shareClasses.length === 0
                  ? t('plans.form.shareClass.noneYet')
                  : t('plans.form.shareClass.hint')
              }
            >
              {(c) => (
                <Select
                  {...c}
                  aria-required="true"
                  {...register('shareClassId', { setValueAs: idFromInput })}
                >
                  <option value="">{t('plans.form.shareClass.choose')}</option>
                  {shareClasses.map((sc) => (
                    <option key={sc.id} value={sc.id}>
                      {sc.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          <FormField
            label={t('plans.form.currency')}
            error={errors.currency?.message}
            description={t('plans.form.currency.hint')}
          >
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                maxLength={3}
                className="uppercase"
                {...register('currency')}
              />
            )}
          </FormField>
        </div>
        {planType === 'receipt_options' ? (
          <FormField
            label={t('plans.form.stak')}
            error={errors.stakStakeholderId?.message}
            description={
              staks.length === 0 ? t('plans.form.stak.noneYet') : t('plans.form.stak.hint')
            }
          >
            {(c) => (
              <Select
                {...c}
                aria-required="true"
                {...register('stakStakeholderId', { setValueAs: idFromInput })}
              >
                <option value="">{t('plans.form.stak.choose')}</option>
                {staks.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('plans.form.section.pool')}</SectionLegend>
        <FormField
          label={t('plans.form.poolSize')}
          error={errors.poolSize?.message}
          description={isEdit ? t('plans.form.poolSize.editHint') : t('plans.form.poolSize.hint')}
          className="sm:max-w-xs"
        >
          {(c) => (
            <Input
              {...c}
              aria-required="true"
              inputMode="numeric"
              autoComplete="off"
              {...register('poolSize', { setValueAs: countFromInput })}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('plans.form.boardApproval')}
            error={errors.boardApprovalDate?.message}
            description={t('plans.form.boardApproval.hint')}
          >
            {(c) => <FormDateInput {...c} control={control} name="boardApprovalDate" />}
          </FormField>
          <FormField
            label={t('plans.form.shareholderApproval')}
            error={errors.shareholderApprovalDate?.message}
            description={t('plans.form.shareholderApproval.hint')}
          >
            {(c) => <FormDateInput {...c} control={control} name="shareholderApprovalDate" />}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('plans.form.section.leavers')}</SectionLegend>
        <p className="-mt-2 text-xs text-muted-foreground">{t('plans.form.leavers.intro')}</p>
        <FormField
          label={t('plans.form.exerciseWindow')}
          error={errors.exerciseWindowMonths?.message}
          description={t('plans.form.exerciseWindow.hint')}
          className="sm:max-w-xs"
        >
          {(c) => (
            <Input
              {...c}
              inputMode="numeric"
              autoComplete="off"
              {...register('exerciseWindowMonths', { setValueAs: countFromInput })}
            />
          )}
        </FormField>
        {(['good', 'bad'] as const).map((kind) => (
          <fieldset key={kind} className="grid gap-3 rounded-lg border p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold">
              {kind === 'good' ? t('plans.form.goodLeaver') : t('plans.form.badLeaver')}
            </legend>
            <p className="-mt-1 text-xs text-muted-foreground">{t(LEAVER_HELP[kind])}</p>
            <RadioGroupField
              legend={t('plans.form.unvestedAwards')}
              error={leaverErrors?.[kind]?.unvested?.message}
              registration={register(`leaverPolicy.${kind}.unvested`)}
              options={(['forfeit', 'continue'] as const).map((value) => ({
                value,
                label: t(UNVESTED_LABELS[value]),
                description: t(UNVESTED_HELP[value]),
              }))}
            />
            <RadioGroupField
              legend={t('plans.form.vestedAwards')}
              error={leaverErrors?.[kind]?.vested?.message}
              registration={register(`leaverPolicy.${kind}.vested`)}
              options={(['keep', 'forfeit'] as const).map((value) => ({
                value,
                label: t(VESTED_LABELS[value]),
                description: t(VESTED_HELP[value]),
              }))}
            />
          </fieldset>
        ))}
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('plans.form.section.control')}</SectionLegend>
        <RadioGroupField
          legend={t('plans.form.acceleration')}
          description={t('plans.form.acceleration.hint')}
          error={errors.acceleration?.trigger?.message}
          columns={3}
          registration={register('acceleration.trigger', {
            onChange: (e: { target: { value: string } }) => onTriggerChange(e.target.value),
          })}
          options={(['none', 'single', 'double'] as const).map((value) => ({
            value,
            label: t(TRIGGER_LABELS[value]),
            description: t(TRIGGER_HELP[value]),
          }))}
        />
        {trigger === 'none' ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('plans.form.acceleratedPart')}
              error={errors.acceleration?.percent?.message}
              description={t('plans.form.acceleratedPart.hint')}
            >
              {(c) => (
                <Input
                  {...c}
                  aria-required="true"
                  inputMode="decimal"
                  autoComplete="off"
                  {...register('acceleration.percent', { setValueAs: percentFromInput })}
                />
              )}
            </FormField>
            {trigger === 'double' ? (
              <FormField
                label={t('plans.form.window')}
                error={errors.acceleration?.windowMonths?.message}
                description={t('plans.form.window.hint')}
              >
                {(c) => (
                  <Input
                    {...c}
                    aria-required="true"
                    inputMode="numeric"
                    autoComplete="off"
                    {...register('acceleration.windowMonths', { setValueAs: countFromInput })}
                  />
                )}
              </FormField>
            ) : null}
          </div>
        )}
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('plans.form.section.forfeited')}</SectionLegend>
        <RadioGroupField
          legend={t('plans.form.forfeited')}
          error={errors.forfeitedTo?.message}
          registration={register('forfeitedTo')}
          options={(['pool', 'retired'] as const).map((value) => ({
            value,
            label: t(FORFEITED_LABELS[value]),
            description: t(FORFEITED_HELP[value]),
          }))}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('plans.form.section.vesting')}</SectionLegend>
        <FormField
          label={t('plans.form.template')}
          error={errors.defaultVestingTemplateId?.message}
          description={
            <>
              {t('plans.form.template.hint')}{' '}
              <Link
                to="/vesting-templates"
                className="text-primary underline-offset-4 hover:underline"
              >
                {t('plans.form.template.manage')}
              </Link>
            </>
          }
          className="sm:max-w-md"
        >
          {(c) => (
            <Select {...c} {...register('defaultVestingTemplateId', { setValueAs: idFromInput })}>
              <option value="">{t('plans.form.template.none')}</option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </fieldset>

      <FormField
        label={t('plans.form.notes')}
        error={errors.notes?.message}
        description={t('plans.form.notes.hint')}
      >
        {(c) => <textarea {...c} rows={3} className={textareaClassName} {...register('notes')} />}
      </FormField>

      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
