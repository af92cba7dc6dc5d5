import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues, type Path } from 'react-hook-form';
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
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { capTableQueryOptions } from '../cap-table/api';
import { countFromInput, decimalFromInput, formatCount, idFromInput } from '../cap-table/format';
import { FormDialogActions } from '../plans/form-dialog';
import { formatIsoDate, todayIso } from '../plans/format';
import { reportSaveError } from '../plans/report-error';
import {
  formatAmount,
  MAX_REPORT_MB,
  METHOD_LABELS,
  PURPOSE_LABELS,
  reportFileProblem,
} from './format';

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

/** Prefill for editing; a derived share count stays empty so the server derives it again. */
export function valuationToFormValues(v: Valuation): DefaultValues<ValuationCreateInput> {
  return {
    effectiveDate: v.effectiveDate,
    purpose: v.purpose,
    method: v.method,
    provider: v.provider ?? '',
    currency: v.currency,
    enterpriseValue: v.enterpriseValue,
    debt: v.debt,
    cash: v.cash,
    fullyDilutedShares: v.fullyDilutedSharesDerived ? null : v.fullyDilutedShares,
    preferredPricePerShare: v.preferredPricePerShare ?? '',
    commonValuePerShare: v.commonValuePerShare ?? '',
    dlomPercent: v.dlomPercent,
    shareClassId: v.shareClassId,
    materialEventDate: v.materialEventDate ?? '',
    notes: v.notes ?? '',
  };
}

/** A decimal input's value when it is one ("" and "1,5" not yet normalised are not). */
function decimalOrNull(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const text = String(decimalFromInput(value));
  return isDecimal(text) ? text : null;
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
      aria-label="Computed figures"
      aria-live="polite"
      className="rounded-lg border bg-muted/40 p-4"
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Computed label="Equity value">
          {figures ? formatAmount(figures.equityValue, currency) : pending}
        </Computed>
        <Computed label="Price per share">
          {perShareKnown ? formatAmount(figures.pricePerShare, currency) : pending}
        </Computed>
        <Computed label="FMV per share">
          {figures && (perShareKnown || common !== null)
            ? formatAmount(figures.fmvPerShare, currency)
            : pending}
        </Computed>
        <Computed label="Valid until">
          {effectiveDate ? formatIsoDate(validUntil(effectiveDate)) : pending}
        </Computed>
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        {typedShares !== null
          ? `Per share over ${formatCount(typedShares)} fully diluted shares.`
          : derivedShares !== null && derivedShares > 0
            ? `Per share over ${formatCount(derivedShares)} fully diluted shares from the cap table on ${formatIsoDate(effectiveDate!)}.`
            : needsCapTable && capTable.isPending
              ? 'Reading the fully diluted shares from the cap table…'
              : 'Enter the fully diluted shares: the cap table has none on this date.'}
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
    resolver: zodResolver(valuationCreateSchema),
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
      reportSaveError(error, form.setError, FIELD_NAMES, 'Saving the valuation failed');
    }
  });

  const decimal = (name: Path<ValuationCreateInput>) =>
    register(name, { setValueAs: decimalFromInput });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <fieldset className="grid gap-4">
        <SectionLegend>Report</SectionLegend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Effective date" error={errors.effectiveDate?.message}>
            {(c) => (
              <Input {...c} type="date" aria-required="true" {...register('effectiveDate')} />
            )}
          </FormField>
          <FormField label="Purpose" error={errors.purpose?.message}>
            {(c) => (
              <Select {...c} {...register('purpose')}>
                {VALUATION_PURPOSES.map((p) => (
                  <option key={p} value={p}>
                    {PURPOSE_LABELS[p]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Method" error={errors.method?.message}>
            {(c) => (
              <Select {...c} {...register('method')}>
                {VALUATION_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {METHOD_LABELS[m]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <FormField label="Provider" error={errors.provider?.message}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                placeholder="e.g. the valuation firm"
                {...register('provider')}
              />
            )}
          </FormField>
          <FormField label="Currency" error={errors.currency?.message}>
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
        <SectionLegend>Figures</SectionLegend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Enterprise value" error={errors.enterpriseValue?.message}>
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
          <FormField label="Debt" error={errors.debt?.message}>
            {(c) => <Input {...c} inputMode="decimal" autoComplete="off" {...decimal('debt')} />}
          </FormField>
          <FormField label="Cash" error={errors.cash?.message}>
            {(c) => <Input {...c} inputMode="decimal" autoComplete="off" {...decimal('cash')} />}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Fully diluted shares"
            error={errors.fullyDilutedShares?.message}
            description="Optional: when empty, the cap table's fully diluted total on the effective date is used."
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
            label="Share class"
            error={errors.shareClassId?.message}
            description="The class the FMV is for (usually the common shares)."
          >
            {(c) => (
              <Select {...c} {...register('shareClassId', { setValueAs: idFromInput })}>
                <option value="">No particular class</option>
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
            label="Preferred price per share"
            error={errors.preferredPricePerShare?.message}
            description="Optional: the round's price."
          >
            {(c) => (
              <Input
                {...c}
                inputMode="decimal"
                autoComplete="off"
                {...register('preferredPricePerShare', {
                  setValueAs: (v: unknown) => (v === '' ? null : decimalFromInput(v)),
                })}
              />
            )}
          </FormField>
          <FormField
            label="Common value per share"
            error={errors.commonValuePerShare?.message}
            description="Optional: before the discount; else the price per share."
          >
            {(c) => (
              <Input
                {...c}
                inputMode="decimal"
                autoComplete="off"
                {...register('commonValuePerShare', {
                  setValueAs: (v: unknown) => (v === '' ? null : decimalFromInput(v)),
                })}
              />
            )}
          </FormField>
          <FormField
            label="DLOM (%)"
            error={errors.dlomPercent?.message}
            description="Discount for lack of marketability, 0–100."
          >
            {(c) => (
              <Input {...c} inputMode="decimal" autoComplete="off" {...decimal('dlomPercent')} />
            )}
          </FormField>
        </div>
        <LivePreview companyId={companyId} values={values} />
      </fieldset>

      <fieldset className="grid gap-4">
        <SectionLegend>Validity and notes</SectionLegend>
        <FormField
          label="Material event date"
          error={errors.materialEventDate?.message}
          description="Optional: a later event (a funding round closing, say) that makes this valuation stale from that date."
          className="sm:max-w-xs"
        >
          {(c) => <Input {...c} type="date" {...register('materialEventDate')} />}
        </FormField>
        <FormField label="Notes" error={errors.notes?.message}>
          {(c) => <Textarea {...c} rows={3} {...register('notes')} />}
        </FormField>
        <div className="grid gap-2">
          {reportSlot}
          <FormField
            label={reportSlot ? 'Replace the report (PDF)' : 'Report (PDF)'}
            error={reportError}
            description={`Optional: the valuation report, a PDF of at most ${MAX_REPORT_MB} MB. Uploaded when you save.`}
          >
            {(c) => (
              <Input
                {...c}
                type="file"
                accept="application/pdf,.pdf"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
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
