import { z } from 'zod';
import { isDecimal, normalizeDecimal } from '../domain/decimal';
import { MAX_SHARE_COUNT } from '../domain/equity';
import {
  isCurrencyCode,
  VALUATION_METHODS,
  VALUATION_PURPOSES,
  VALUATION_STATUSES,
} from '../domain/valuation';
import { isoDate, optionalDate, optionalNotes, optionalText, text } from './common';
import { messageParams } from './i18n/issues';

/**
 * Request and response shapes of valuations (issue 6). Inputs are the report's figures; the
 * responses add what the engine computes (src/domain/valuation.ts). Decimals travel as strings.
 */

/** The report upload limit: 20 MB (20 × 1024 × 1024 bytes). */
export const MAX_REPORT_BYTES = 20 * 1024 * 1024;

/** A decimal that must not be negative: 400 says so, naming the field. */
function amount(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label} must be a decimal number, e.g. "1000.00"` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .superRefine((v, ctx) => {
      if (/^-\d/.test(v) && isDecimal(v.slice(1)) && normalizeDecimal(v) !== '0')
        ctx.addIssue({
          code: 'custom',
          message: `${label} must not be negative`,
          params: messageParams('validation.notNegative'),
        });
      else if (!isDecimal(v.replace(/^-/, '')))
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a decimal number with at most 10 decimals, e.g. "1000.00"`,
          params: messageParams('validation.decimal', { example: '1000.00' }),
        });
    })
    .transform(normalizeDecimal);
}

function optionalAmount(label: string) {
  return amount(label)
    .nullish()
    .transform((v) => v ?? null);
}

export const valuationCurrencySchema = z
  .string({ error: 'currency must be an ISO 4217 code, e.g. EUR' })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, {
    message: 'currency must be an ISO 4217 code, e.g. EUR',
    params: messageParams('validation.currency'),
  });

const valuationFields = {
  effectiveDate: isoDate('effectiveDate'),
  purpose: z.enum(VALUATION_PURPOSES, {
    error: `purpose must be one of ${VALUATION_PURPOSES.join(', ')}`,
  }),
  method: z.enum(VALUATION_METHODS, {
    error: `method must be one of ${VALUATION_METHODS.join(', ')}`,
  }),
  provider: optionalText(200, 'provider'),
  currency: valuationCurrencySchema,
  enterpriseValue: amount('enterpriseValue'),
  debt: amount('debt'),
  cash: amount('cash'),
  /** Omitted or null: taken from the cap table as of the effective date. */
  fullyDilutedShares: z
    .number({ error: 'fullyDilutedShares must be a whole number' })
    .int('fullyDilutedShares must be a whole number')
    .min(1, 'fullyDilutedShares must be greater than 0')
    .max(MAX_SHARE_COUNT, `fullyDilutedShares is at most ${MAX_SHARE_COUNT.toLocaleString('en')}`)
    .nullish()
    .transform((v) => v ?? null),
  preferredPricePerShare: optionalAmount('preferredPricePerShare'),
  /** Value of one common share before the marketability discount. */
  commonValuePerShare: optionalAmount('commonValuePerShare'),
  dlomPercent: amount('dlomPercent').refine((v) => Number(v.split('.')[0]) < 100 || v === '100', {
    message: 'dlomPercent must be between 0 and 100',
    params: messageParams('validation.percentRange'),
  }),
  shareClassId: z
    .string({ error: 'shareClassId must be an id' })
    .uuid('shareClassId must be an id')
    .nullish()
    .transform((v) => v ?? null),
  /** A later event (e.g. a funding round closing) that makes the valuation stale from its date. */
  materialEventDate: optionalDate('materialEventDate'),
  notes: optionalNotes(4000, 'notes'),
};
type ValuationOut = {
  [K in keyof typeof valuationFields]: z.output<(typeof valuationFields)[K]>;
};

/** Rules between fields. (Future dates are checked by the service, which knows today.) */
export function checkValuation(v: ValuationOut, ctx: z.RefinementCtx) {
  if (v.materialEventDate && v.materialEventDate < v.effectiveDate)
    ctx.addIssue({
      code: 'custom',
      path: ['materialEventDate'],
      message: 'materialEventDate cannot be before the effective date',
      params: messageParams('validation.valuation.materialEventBeforeEffective'),
    });
}

/** Body of `POST /api/v1/company/{companyId}/valuations`. */
export const valuationCreateSchema = z
  .strictObject({
    ...valuationFields,
    currency: valuationFields.currency.default('EUR'),
    debt: valuationFields.debt.default('0'),
    cash: valuationFields.cash.default('0'),
    dlomPercent: valuationFields.dlomPercent.default('0'),
  })
  .superRefine(checkValuation);
export type ValuationCreateInput = z.input<typeof valuationCreateSchema>;
export type ValuationCreate = z.output<typeof valuationCreateSchema>;
/** Body of `PATCH …/valuations/{valuationId}`: any subset; `fullyDilutedShares: null` re-derives. */
export const valuationUpdateSchema = z.strictObject(valuationFields).partial();

const changeSchema = z.object({
  absolute: z.string(),
  /** null when the previous figure is 0. */
  percent: z.string().nullable(),
});

export const valuationReportInfoSchema = z.object({
  filename: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.iso.datetime({ offset: true }),
});

export const valuationSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  effectiveDate: z.string(),
  purpose: z.enum(VALUATION_PURPOSES),
  method: z.enum(VALUATION_METHODS),
  provider: z.string().nullable(),
  currency: z.string(),
  enterpriseValue: z.string(),
  debt: z.string(),
  cash: z.string(),
  fullyDilutedShares: z.number().int(),
  /** True when fullyDilutedShares was taken from the cap table as of the effective date. */
  fullyDilutedSharesDerived: z.boolean(),
  preferredPricePerShare: z.string().nullable(),
  commonValuePerShare: z.string().nullable(),
  dlomPercent: z.string(),
  shareClassId: z.uuid().nullable(),
  shareClassName: z.string().nullable(),
  materialEventDate: z.string().nullable(),
  notes: z.string().nullable(),
  /** enterpriseValue − debt + cash, 2 decimals. */
  equityValue: z.string(),
  /** equityValue ÷ fullyDilutedShares, 6 decimals half-up. */
  pricePerShare: z.string(),
  /** (commonValuePerShare, else pricePerShare) × (1 − dlomPercent/100), 6 decimals half-up. */
  fmvPerShare: z.string(),
  /** effectiveDate + 12 months − 1 day. */
  validUntil: z.string(),
  /** As of today (the list's and metrics' `asOf`). */
  status: z.enum(VALUATION_STATUSES),
  /** Against the previous valuation in history order; null for the first. */
  change: z.object({ pricePerShare: changeSchema, fmvPerShare: changeSchema }).nullable(),
  report: valuationReportInfoSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Valuation = z.infer<typeof valuationSchema>;

export const valuationListSchema = z.object({
  asOf: z.string(),
  /** History: oldest effective date first. */
  items: z.array(valuationSchema),
});
export type ValuationList = z.infer<typeof valuationListSchema>;

export const valuationMetricsQuerySchema = z.object({
  asOf: isoDate('asOf').optional(),
});

const grantRef = {
  grantId: z.uuid(),
  stakeholderName: z.string(),
  planName: z.string(),
  grantDate: z.string(),
  exercisePrice: z.string(),
};

export const valuationMetricsSchema = z.object({
  asOf: z.string(),
  /** The valuation in force on asOf (latest effective on or before it), whatever its status. */
  current: valuationSchema.nullable(),
  currency: z.string().nullable(),
  equityValue: z.string().nullable(),
  pricePerShare: z.string().nullable(),
  fmvPerShare: z.string().nullable(),
  /** Compound annual growth of FMV from the first valuation to the current one, % 2 decimals. */
  fmvCagr: z
    .object({
      percent: z.string(),
      fromDate: z.string(),
      toDate: z.string(),
      fromFmvPerShare: z.string(),
      toFmvPerShare: z.string(),
    })
    .nullable(),
  /**
   * max(0, FMV − exercise price) × quantity over outstanding grants, 2 decimals (no exercise
   * price: the full FMV). Null without a current valuation.
   */
  intrinsicValue: z
    .object({ vested: z.string(), unvested: z.string(), total: z.string() })
    .nullable(),
  outstandingGrants: z.number().int(),
  /** Outstanding grants whose exercise price is above the current FMV. */
  underwater: z.object({
    count: z.number().int(),
    items: z.array(z.object({ ...grantRef, outstanding: z.number().int() })),
  }),
  /** Grants priced below the FMV valid on their grant date (a tax risk). */
  pricedBelowFmv: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        ...grantRef,
        quantity: z.number().int(),
        valuationId: z.uuid(),
        fmvPerShare: z.string(),
        shortfallPerShare: z.string(),
      }),
    ),
  }),
  /** Unallocated shares of the share-settled plans' pools, valued at the current FMV. */
  unallocatedPool: z.object({ shares: z.number().int(), value: z.string().nullable() }),
});
export type ValuationMetrics = z.infer<typeof valuationMetricsSchema>;

/** Query of `PUT …/report`: the file name to serve the report under. */
export const reportUploadQuerySchema = z.object({
  filename: text('filename', { max: 200 }).optional(),
});

/**
 * Kinds of valuation alert on the practice view (issue 6), most urgent first: the valuation in
 * force has expired or a material event made it stale, the company has grants but no valuation
 * in force, or the valuation in force expires within 60 days.
 */
export const VALUATION_ALERT_KINDS = ['expired', 'stale', 'missing', 'expiring'] as const;
export type ValuationAlertKind = (typeof VALUATION_ALERT_KINDS)[number];

/** One client company whose FMV needs attention (`GET /api/v1/valuation-alerts`). */
export const valuationAlertSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  kind: z.enum(VALUATION_ALERT_KINDS),
  /** The valuation in force on asOf; null for `missing`. */
  valuationId: z.uuid().nullable(),
  effectiveDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  materialEventDate: z.string().nullable(),
  /** Days from asOf to validUntil (negative once expired); null for `stale` and `missing`. */
  daysLeft: z.number().int().nullable(),
  /** The task made from this alert (`POST /tasks/from-deadline`), if any (issue 15). */
  taskId: z.uuid().nullable(),
});
export type ValuationAlert = z.infer<typeof valuationAlertSchema>;

export const valuationAlertsSchema = z.object({
  asOf: z.string(),
  /** By kind (expired, stale, missing, expiring), then soonest date, then company name. */
  items: z.array(valuationAlertSchema),
});
export type ValuationAlerts = z.infer<typeof valuationAlertsSchema>;
