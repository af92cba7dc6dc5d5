import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { ShareClass } from '../../../contracts/equity';
import {
  MAX_REPORT_BYTES,
  valuationCreateSchema,
  type Valuation,
  type ValuationCreate,
  type ValuationCreateInput,
} from '../../../contracts/valuation';
import { isIsoDate } from '../../../domain/dates';
import { isDecimal } from '../../../domain/decimal';
import {
  computeValuation,
  VALUATION_METHODS,
  VALUATION_PURPOSES,
  validUntil,
} from '../../../domain/valuation';
import { FormDateInput } from '../../components/ui/date-input';
import { FileInput } from '../../components/ui/file-input';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { capTableQueryOptions } from '../cap-table/api';
import {
  countFromInput,
  decimalForInput,
  decimalFromInput,
  formatCount,
  formatIsoDate,
} from '../../lib/format';
import { t } from '../../lib/i18n';
import { idFromInput, todayIso } from '../cap-table/format';
import { FormDialogActions } from '../plans/form-dialog';
import { reportSaveError } from '../plans/report-error';
import {
  formatValue,
  MAX_REPORT_MB,
  METHOD_LABELS,
  PURPOSE_LABELS,
  reportFileProblem,
} from './format';
import { localizedSchema } from '../../lib/localized-schema';

/** Every field the server may name in `error.fields`. */
const FIELD_NAMES = [
  'effectiveDate',
  'purpose',
  'method',
  'provider',
  'currency',
  'enterpriseValue',
  'debt',
  'cash',
  'fullyDilutedShares',
  'preferredPricePerShare',
  'commonValuePerShare',
  'dlomPercent',
  'shareClassId',
  'materialEventDate',
  'notes',
] as const satisfies readonly Path<ValuationCreateInput>[];

export function emptyValuationFormValues(
  shareClasses: readonly ShareClass[],
): DefaultValues<ValuationCreateInput> {
  const common = shareClasses.filter((c) => c.classType === 'common');
  return {
    effectiveDate: todayIso(),
    purpose: 'tax_fmv',
    method: 'opm',
    provider: '',
    currency: 'EUR',
    enterpriseValue: '',
    debt: '0',
    cash: '0',
    fullyDilutedShares: null,
    preferredPricePerShare: '',
    commonValuePerShare: '',
    dlomPercent: '0',
    shareClassId: common.length === 1 ? common[0]!.id : null,
    materialEventDate: '',
    notes: '',
  };
}

/** The decimal inputs: they hold the text as typed, read in the active language on submit. */
const DECIMAL_FIELDS = [
  'enterpriseValue',
  'debt',
  'cash',
  'preferredPricePerShare',
  'commonValuePerShare',
  'dlomPercent',
] as const satisfies readonly Path<ValuationCreateInput>[];
const OPTIONAL_DECIMALS: ReadonlySet<string> = new Set([
  'preferredPricePerShare',
  'commonValuePerShare',
]);

/**
 * The values with every decimal read once in the active language ("1.000,5" is 1000.5 in nl):
 * the inputs keep the text as typed, so a prefilled value and a typed one are read the same way.
 */
function readDecimals<T extends FieldValues>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const name of DECIMAL_FIELDS) {
    const value = out[name];
    if (typeof value !== 'string') continue;
    out[name] = value.trim() === '' && OPTIONAL_DECIMALS.has(name) ? null : decimalFromInput(value);
  }
  return out as T;
}

const schemaResolver = zodResolver(localizedSchema(valuationCreateSchema)) as unknown as Resolver<
  ValuationCreateInput,
  unknown,
  ValuationCreate
>;
const resolver: Resolver<ValuationCreateInput, unknown, ValuationCreate> = (
  values,
  context,
  options,
) => schemaResolver(readDecimals(values), context, options);

/** Prefill for editing; a derived share count stays empty so the server derives it again. */
export function valuationToFormValues(v: Valuation): DefaultValues<ValuationCreateInput> {
  return {
    effectiveDate: v.effectiveDate,
    purpose: v.purpose,
    method: v.method,
    provider: v.provider ?? '',
    currency: v.currency,
    enterpriseValue: decimalForInput(v.enterpriseValue),
    debt: decimalForInput(v.debt),
    cash: decimalForInput(v.cash),
    fullyDilutedShares: v.fullyDilutedSharesDerived ? null : v.fullyDilutedShares,
    preferredPricePerShare: v.preferredPricePerShare
      ? decimalForInput(v.preferredPricePerShare)
      : '',
    commonValuePerShare: v.commonValuePerShare ? decimalForInput(v.commonValuePerShare) : '',
    dlomPercent: decimalForInput(v.dlomPercent),
    shareClassId: v.shareClassId,
    materialEventDate: v.materialEventDate ?? '',
    notes: v.notes ?? '',
  };
}

/** A decimal input's value, read in the active language, when it is one ("" is not). */
function decimalOrNull(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const text = decimalFromInput(value);
  return typeof text === 'string' && isDecimal(text) ? text : null;
}

function Computed({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words tabular-nums">{children}</dd>
    </div>
  );
}

const pending = <span className="font-normal text-muted-foreground">—</span>;

/**
 * The figures the server will compute, computed here with the same functions
 * (src/domain/valuation.ts). An empty share count takes the cap table's fully diluted total on
 * the effective date, as the server does.
 */
function LivePreview({
  companyId,
  values,
}: {
  companyId: string;
  values: Partial<ValuationCreateInput>;
}) {
  const effectiveDate =
    typeof values.effectiveDate === 'string' && isIsoDate(values.effectiveDate)
      ? values.effectiveDate
      : null;
  const typedShares =
    typeof values.fullyDilutedShares === 'number' &&
    Number.isInteger(values.fullyDilutedShares) &&
    values.fullyDilutedShares > 0
      ? values.fullyDilutedShares
      : null;
  const needsCapTable = values.fullyDilutedShares === null && effectiveDate !== null;
  const capTable = useQuery({
    ...capTableQueryOptions(companyId, effectiveDate ?? todayIso()),
    enabled: needsCapTable,
  });
  const derivedShares = needsCapTable ? (capTable.data?.totals.fullyDiluted ?? null) : null;
  const shares = typedShares ?? (derivedShares && derivedShares > 0 ? derivedShares : null);
  const ev = decimalOrNull(values.enterpriseValue);
  const debt = decimalOrNull(values.debt ?? '0');
  const cash = decimalOrNull(values.cash ?? '0');
  const dlom = decimalOrNull(values.dlomPercent ?? '0');
  const commonRaw = values.commonValuePerShare;
  const common = commonRaw === '' || commonRaw == null ? null : decimalOrNull(commonRaw);
  const currency =
    typeof values.currency === 'string' && /^[A-Za-z]{3}$/.test(values.currency)
      ? values.currency.toUpperCase()
      : 'EUR';
  const inputsOk =
    ev !== null && debt !== null && cash !== null && dlom !== null && Number(dlom) <= 100;
  const figures = inputsOk
    ? computeValuation({
        enterpriseValue: ev,
        debt,
        cash,
        fullyDilutedShares: shares ?? 1,
        commonValuePerShare: common,
        dlomPercent: dlom,
      })
    : null;
  const perShareKnown = figures !== null && shares !== null;
  return (
    <section
      aria-label={t('valuations.form.computed')}
      aria-live="polite"
      className="rounded-lg border bg-muted/40 p-4"
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Computed label={t('valuations.figure.equityValue')}>
          {figures ? formatValue(figures.equityValue, currency) : pending}
        </Computed>
        <Computed label={t('valuations.figure.pricePerShare')}>
          {perShareKnown ? formatValue(figures.pricePerShare, currency) : pending}
        </Computed>
        <Computed label={t('valuations.figure.fmvPerShare')}>
          {figures && (perShareKnown || common !== null)
            ? formatValue(figures.fmvPerShare, currency)
            : pending}
        </Computed>
        <Computed label={t('valuations.figure.validUntil')}>
          {effectiveDate ? formatIsoDate(validUntil(effectiveDate)) : pending}
        </Computed>
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        {typedShares !== null
          ? t('valuations.form.perShareTyped', { shares: formatCount(typedShares) })
          : derivedShares !== null && derivedShares > 0
            ? t('valuations.form.perShareDerived', {
                shares: formatCount(derivedShares),
                date: formatIsoDate(effectiveDate!),
              })
            : needsCapTable && capTable.isPending
              ? t('valuations.form.readingShares')
              : t('valuations.form.noShares')}
      </p>
    </section>
  );
}

function SectionLegend({ children }: { children: string }) {
  return <legend className="mb-3 text-sm font-semibold">{children}</legend>;
}

/**
 * Create and edit form of a valuation, validated with the server's `valuationCreateSchema`,
 * with its computed figures live. The report PDF is chosen here and uploaded after the save.
 */
export function ValuationForm({
  companyId,
  defaultValues,
  shareClasses,
  submitLabel,
  reportSlot,
  onSubmit,
}: {
  companyId: string;
  defaultValues: DefaultValues<ValuationCreateInput>;
  shareClasses: readonly ShareClass[];
  submitLabel: string;
  /** The current report's download and remove buttons, when editing. */
  reportSlot?: ReactNode;
  onSubmit: (body: ValuationCreate, report: File | null) => Promise<unknown>;
}) {
  const form = useForm<ValuationCreateInput, unknown, ValuationCreate>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const values = useWatch({ control });
  const [report, setReport] = useState<File | null>(null);
  const [reportError, setReportError] = useState<string | undefined>();

  const submit = form.handleSubmit(async (body) => {
    if (reportError) return;
    try {
      await onSubmit(body, report);
    } catch (error) {
      reportSaveError(error, form.setError, FIELD_NAMES, t('valuations.form.saveFailed'));
    }
  });

  // The text as typed: the resolver reads it in the active language (see readDecimals).
  const decimal = (name: (typeof DECIMAL_FIELDS)[number]) => register(name);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <fieldset className="grid gap-4">
        <SectionLegend>{t('valuations.form.reportSection')}</SectionLegend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label={t('valuations.form.effectiveDate')}
            error={errors.effectiveDate?.message}
          >
            {(c) => (
              <FormDateInput {...c} aria-required="true" control={control} name="effectiveDate" />
            )}
          </FormField>
          <FormField label={t('valuations.form.purpose')} error={errors.purpose?.message}>
            {(c) => (
              <Select {...c} {...register('purpose')}>
                {VALUATION_PURPOSES.map((p) => (
                  <option key={p} value={p}>
                    {t(PURPOSE_LABELS[p])}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t('valuations.form.method')} error={errors.method?.message}>
            {(c) => (
              <Select {...c} {...register('method')}>
                {VALUATION_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(METHOD_LABELS[m])}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <FormField label={t('valuations.form.provider')} error={errors.provider?.message}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                placeholder={t('valuations.form.providerPlaceholder')}
                {...register('provider')}
              />
            )}
          </FormField>
          <FormField label={t('valuations.form.currency')} error={errors.currency?.message}>
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
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('valuations.form.figuresSection')}</SectionLegend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label={t('valuations.form.enterpriseValue')}
            error={errors.enterpriseValue?.message}
          >
            {(c) => (
              <Input
                {...c}
                aria-required="true"
                inputMode="decimal"
                autoComplete="off"
                {...decimal('enterpriseValue')}
              />
            )}
          </FormField>
          <FormField label={t('valuations.form.debt')} error={errors.debt?.message}>
            {(c) => <Input {...c} inputMode="decimal" autoComplete="off" {...decimal('debt')} />}
          </FormField>
          <FormField label={t('valuations.form.cash')} error={errors.cash?.message}>
            {(c) => <Input {...c} inputMode="decimal" autoComplete="off" {...decimal('cash')} />}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('valuations.form.fullyDilutedShares')}
            error={errors.fullyDilutedShares?.message}
            description={t('valuations.form.fullyDilutedSharesHelp')}
          >
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                autoComplete="off"
                {...register('fullyDilutedShares', { setValueAs: countFromInput })}
              />
            )}
          </FormField>
          <FormField
            label={t('valuations.form.shareClass')}
            error={errors.shareClassId?.message}
            description={t('valuations.form.shareClassHelp')}
          >
            {(c) => (
              <Select {...c} {...register('shareClassId', { setValueAs: idFromInput })}>
                <option value="">{t('valuations.form.noClass')}</option>
                {shareClasses.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label={t('valuations.form.preferredPrice')}
            error={errors.preferredPricePerShare?.message}
            description={t('valuations.form.preferredPriceHelp')}
          >
            {(c) => (
              <Input
                {...c}
                inputMode="decimal"
                autoComplete="off"
                {...decimal('preferredPricePerShare')}
              />
            )}
          </FormField>
          <FormField
            label={t('valuations.form.commonValue')}
            error={errors.commonValuePerShare?.message}
            description={t('valuations.form.commonValueHelp')}
          >
            {(c) => (
              <Input
                {...c}
                inputMode="decimal"
                autoComplete="off"
                {...decimal('commonValuePerShare')}
              />
            )}
          </FormField>
          <FormField
            label={t('valuations.form.dlom')}
            error={errors.dlomPercent?.message}
            description={t('valuations.form.dlomHelp')}
          >
            {(c) => (
              <Input {...c} inputMode="decimal" autoComplete="off" {...decimal('dlomPercent')} />
            )}
          </FormField>
        </div>
        <LivePreview companyId={companyId} values={values} />
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>{t('valuations.form.validitySection')}</SectionLegend>
        <FormField
          label={t('valuations.form.materialEventDate')}
          error={errors.materialEventDate?.message}
          description={t('valuations.form.materialEventDateHelp')}
          className="sm:max-w-xs"
        >
          {(c) => <FormDateInput {...c} control={control} name="materialEventDate" />}
        </FormField>
        <FormField label={t('valuations.form.notes')} error={errors.notes?.message}>
          {(c) => <Textarea {...c} rows={3} {...register('notes')} />}
        </FormField>
        <div className="grid gap-2">
          {reportSlot}
          <FormField
            label={reportSlot ? t('valuations.form.replaceReport') : t('valuations.form.report')}
            error={reportError}
            description={t('valuations.form.reportHelp', { mb: MAX_REPORT_MB })}
          >
            {(c) => (
              <FileInput
                {...c}
                accept="application/pdf,.pdf"
                onFilesChange={(files) => {
                  const file = files[0] ?? null;
                  const problem = file ? reportFileProblem(file, MAX_REPORT_BYTES) : null;
                  setReportError(problem ?? undefined);
                  setReport(problem ? null : file);
                }}
              />
            )}
          </FormField>
        </div>
      </fieldset>

      <FormDialogActions submitLabel={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
