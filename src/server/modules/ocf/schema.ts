import { z } from 'zod';

/**
 * The parts of OCF 1.2 objects the import reads, checked as the OCF JSON Schemas check them
 * (required fields, numbers as decimal strings, ISO dates, enums). Unknown fields pass: we read
 * what we map and report the rest of the object types as skipped. The tests validate our export
 * against the coalition's schemas themselves (ajv); these are the import's first line.
 */

const numeric = z.string().regex(/^[+-]?[0-9]+(\.[0-9]{1,10})?$/, 'must be a decimal string');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const monetary = z.object({ amount: numeric, currency: z.string().regex(/^[A-Z]{3}$/) });
const comments = z.array(z.string()).optional();
const base = { id: z.string().min(1), comments };

export const issuerSchema = z.object({
  ...base,
  object_type: z.literal('ISSUER'),
  legal_name: z.string().min(1),
  formation_date: date,
  country_of_formation: z.string().regex(/^[A-Z]{2}$/),
  tax_ids: z.array(z.object({ tax_id: z.string(), country: z.string() })).optional(),
  email: z.object({ email_address: z.string() }).optional(),
  phone: z.object({ phone_number: z.string() }).optional(),
  address: z
    .object({
      street_suite: z.string().optional(),
      city: z.string().optional(),
      postal_code: z.string().optional(),
      country: z.string(),
    })
    .optional(),
});

export const manifestSchema = z.object({
  ocf_version: z.string(),
  file_type: z.literal('OCF_MANIFEST_FILE'),
  issuer: issuerSchema,
  as_of: date,
  generated_at: z.string(),
  comments,
  ...Object.fromEntries(
    [
      'stock_plans_files',
      'stock_legend_templates_files',
      'stock_classes_files',
      'vesting_terms_files',
      'valuations_files',
      'transactions_files',
      'stakeholders_files',
    ].map((k) => [k, z.array(z.object({ filepath: z.string(), md5: z.string() }))]),
  ),
  // Optional lists: read leniently, but an MD5 given is checked like the others'.
  financings_files: z
    .array(z.object({ filepath: z.string(), md5: z.string().optional() }))
    .optional(),
  documents_files: z
    .array(z.object({ filepath: z.string(), md5: z.string().optional() }))
    .optional(),
});

export const FILE_TYPES = [
  'OCF_STAKEHOLDERS_FILE',
  'OCF_STOCK_CLASSES_FILE',
  'OCF_STOCK_PLANS_FILE',
  'OCF_VESTING_TERMS_FILE',
  'OCF_VALUATIONS_FILE',
  'OCF_TRANSACTIONS_FILE',
  'OCF_STOCK_LEGEND_TEMPLATES_FILE',
  'OCF_FINANCINGS_FILE',
  'OCF_DOCUMENTS_FILE',
] as const;

export const objectFileSchema = z.object({
  file_type: z.enum(FILE_TYPES),
  items: z.array(z.object({ id: z.string().min(1), object_type: z.string().min(1) }).loose()),
});

export const stakeholderSchema = z.object({
  ...base,
  name: z.object({ legal_name: z.string() }),
  stakeholder_type: z.enum(['INDIVIDUAL', 'INSTITUTION']),
  issuer_assigned_id: z.string().optional(),
  current_relationship: z.string().optional(),
  current_relationships: z.array(z.string()).optional(),
  current_status: z.string().optional(),
  contact_info: z
    .object({
      emails: z.array(z.object({ email_address: z.string() })).optional(),
      phone_numbers: z.array(z.object({ phone_number: z.string() })).optional(),
    })
    .optional(),
  addresses: z
    .array(
      z.object({
        street_suite: z.string().optional(),
        city: z.string().optional(),
        postal_code: z.string().optional(),
        country: z.string(),
      }),
    )
    .optional(),
});

export const stockClassSchema = z.object({
  ...base,
  name: z.string(),
  class_type: z.enum(['COMMON', 'PREFERRED']),
  default_id_prefix: z.string(),
  initial_shares_authorized: z.union([numeric, z.enum(['NOT APPLICABLE', 'UNLIMITED'])]),
  votes_per_share: numeric,
  par_value: monetary.optional(),
  seniority: numeric,
  liquidation_preference_multiple: numeric.optional(),
  participation_cap_multiple: numeric.optional(),
});

export const stockPlanSchema = z.object({
  ...base,
  plan_name: z.string(),
  initial_shares_reserved: numeric,
  board_approval_date: date.optional(),
  stockholder_approval_date: date.optional(),
  default_cancellation_behavior: z.string().optional(),
  stock_class_id: z.string().optional(),
  stock_class_ids: z.array(z.string()).optional(),
});

const period = z.object({
  length: z.number().int().min(0),
  type: z.enum(['DAYS', 'MONTHS', 'YEARS']),
  occurrences: z.number().int().min(1),
  day_of_month: z.string().optional(),
  cliff_installment: z.number().int().min(0).optional(),
});

export const vestingTermsSchema = z.object({
  ...base,
  name: z.string(),
  description: z.string(),
  allocation_type: z.string(),
  vesting_conditions: z.array(
    z.object({
      id: z.string().min(1),
      description: z.string().optional(),
      portion: z
        .object({ numerator: numeric, denominator: numeric, remainder: z.boolean().optional() })
        .optional(),
      quantity: numeric.optional(),
      trigger: z.object({
        type: z.enum([
          'VESTING_START_DATE',
          'VESTING_SCHEDULE_ABSOLUTE',
          'VESTING_SCHEDULE_RELATIVE',
          'VESTING_EVENT',
        ]),
        period: period.optional(),
        relative_to_condition_id: z.string().optional(),
        date: date.optional(),
      }),
      next_condition_ids: z.array(z.string()),
    }),
  ),
});

export const valuationSchema = z.object({
  ...base,
  provider: z.string().optional(),
  price_per_share: monetary,
  effective_date: date,
  stock_class_id: z.string(),
  valuation_type: z.string(),
});

export const stockIssuanceSchema = z.object({
  ...base,
  security_id: z.string(),
  date,
  stakeholder_id: z.string(),
  stock_class_id: z.string(),
  quantity: numeric,
  share_price: monetary,
  share_numbers_issued: z
    .array(z.object({ starting_share_number: numeric, ending_share_number: numeric }))
    .optional(),
  stock_plan_id: z.string().optional(),
  issuance_type: z.string().optional(),
});

export const stockTransferSchema = z.object({
  ...base,
  security_id: z.string(),
  date,
  quantity: numeric,
  resulting_security_ids: z.array(z.string()),
  balance_security_id: z.string().optional(),
});

export const stockCancellationSchema = z.object({
  ...base,
  security_id: z.string(),
  date,
  quantity: numeric,
  reason_text: z.string(),
  balance_security_id: z.string().optional(),
});

export const equityIssuanceSchema = z.object({
  ...base,
  security_id: z.string(),
  date,
  stakeholder_id: z.string(),
  stock_plan_id: z.string().optional(),
  stock_class_id: z.string().optional(),
  compensation_type: z.enum(['OPTION_NSO', 'OPTION_ISO', 'OPTION', 'RSU', 'CSAR', 'SSAR']),
  quantity: numeric,
  exercise_price: monetary.optional(),
  base_price: monetary.optional(),
  expiration_date: date.nullable(),
  vesting_terms_id: z.string().optional(),
  vestings: z.array(z.object({ date, amount: numeric })).optional(),
  termination_exercise_windows: z.array(
    z.object({ reason: z.string(), period: z.number().int(), period_type: z.string() }),
  ),
});

export const equityExerciseSchema = z.object({
  ...base,
  security_id: z.string(),
  date,
  quantity: numeric,
  resulting_security_ids: z.array(z.string()),
});

export const equityCancellationSchema = z.object({
  ...base,
  security_id: z.string(),
  date,
  quantity: numeric,
  reason_text: z.string(),
});

export const vestingEventSchema = z.object({
  ...base,
  security_id: z.string(),
  date,
  vesting_condition_id: z.string(),
});

export const vestingStartSchema = vestingEventSchema;

export const poolAdjustmentSchema = z.object({
  ...base,
  date,
  stock_plan_id: z.string(),
  shares_reserved: numeric,
  board_approval_date: date.optional(),
});

/** The schema of each object type the import reads (the others are reported as skipped). */
export const OBJECT_SCHEMAS: Record<string, z.ZodType> = {
  STAKEHOLDER: stakeholderSchema,
  STOCK_CLASS: stockClassSchema,
  STOCK_PLAN: stockPlanSchema,
  VESTING_TERMS: vestingTermsSchema,
  VALUATION: valuationSchema,
  TX_STOCK_ISSUANCE: stockIssuanceSchema,
  TX_STOCK_TRANSFER: stockTransferSchema,
  TX_STOCK_CANCELLATION: stockCancellationSchema,
  TX_EQUITY_COMPENSATION_ISSUANCE: equityIssuanceSchema,
  TX_EQUITY_COMPENSATION_EXERCISE: equityExerciseSchema,
  TX_EQUITY_COMPENSATION_CANCELLATION: equityCancellationSchema,
  TX_VESTING_EVENT: vestingEventSchema,
  TX_VESTING_START: vestingStartSchema,
  TX_STOCK_PLAN_POOL_ADJUSTMENT: poolAdjustmentSchema,
};

export type OcfStakeholder = z.infer<typeof stakeholderSchema>;
export type OcfStockClass = z.infer<typeof stockClassSchema>;
export type OcfStockPlan = z.infer<typeof stockPlanSchema>;
export type OcfVestingTerms = z.infer<typeof vestingTermsSchema>;
export type OcfValuation = z.infer<typeof valuationSchema>;
export type OcfStockIssuance = z.infer<typeof stockIssuanceSchema>;
export type OcfStockTransfer = z.infer<typeof stockTransferSchema>;
export type OcfStockCancellation = z.infer<typeof stockCancellationSchema>;
export type OcfEquityIssuance = z.infer<typeof equityIssuanceSchema>;
export type OcfEquityExercise = z.infer<typeof equityExerciseSchema>;
export type OcfEquityCancellation = z.infer<typeof equityCancellationSchema>;
export type OcfVestingEvent = z.infer<typeof vestingEventSchema>;
export type OcfPoolAdjustment = z.infer<typeof poolAdjustmentSchema>;
export type OcfIssuer = z.infer<typeof issuerSchema>;
