import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { MAX_SHARE_COUNT } from '../domain/equity';
import { ALLOCATION_TYPES, DAY_OF_MONTH_OPTIONS } from '../domain/vesting/types';

/**
 * Vesting terms as the API and the forms send them (issue 5; OCF VESTING_TERMS). The same schema
 * validates the preview, templates and grants.
 */

const date = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`);

const nullableDate = (label: string) =>
  z
    .union([date(label), z.literal(''), z.null()], {
      error: `${label} must be a date (YYYY-MM-DD)`,
    })
    .optional()
    .transform((v) => (v ? v : null));

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} is at most ${max}`);

export const portionSchema = z
  .strictObject({
    numerator: wholeNumber('numerator', 0, 1_000_000),
    denominator: wholeNumber('denominator', 1, 1_000_000),
  })
  .refine((p) => p.numerator <= p.denominator, {
    message: 'A portion is at most the whole (numerator ≤ denominator)',
    path: ['numerator'],
  });

export const allocationSchema = z.enum(ALLOCATION_TYPES, {
  error: `allocation must be one of ${ALLOCATION_TYPES.join(', ')}`,
});

export const timeTermsSchema = z
  .strictObject({
    type: z.literal('time'),
    periodLength: wholeNumber('periodLength', 1, 120),
    periodUnit: z.enum(['months', 'days'], { error: 'periodUnit must be months or days' }),
    occurrences: wholeNumber('occurrences', 1, 600),
    cliffPeriods: wholeNumber('cliffPeriods', 0, 600).default(0),
    dayOfMonth: z
      .enum(DAY_OF_MONTH_OPTIONS, {
        error:
          'dayOfMonth must be 01–28, 29/30/31_OR_LAST_DAY_OF_MONTH or VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
      })
      .default('VESTING_START_DAY_OR_LAST_DAY_OF_MONTH'),
    allocation: allocationSchema.default('CUMULATIVE_ROUNDING'),
  })
  .refine((t) => t.cliffPeriods <= t.occurrences, {
    message: 'The cliff cannot be longer than the schedule (cliffPeriods ≤ occurrences)',
    path: ['cliffPeriods'],
  });

export const milestoneSchema = z
  .strictObject({
    id: z
      .string({ error: 'Milestone id is required' })
      .trim()
      .min(1, 'Milestone id is required')
      .max(64, 'Milestone id is at most 64 characters'),
    name: z
      .string({ error: 'Milestone name is required' })
      .trim()
      .min(1, 'Milestone name is required')
      .max(200, 'Milestone name is at most 200 characters'),
    portion: portionSchema.optional(),
    quantity: wholeNumber('quantity', 1, MAX_SHARE_COUNT).optional(),
    achievedDate: nullableDate('achievedDate'),
    deadline: nullableDate('deadline'),
  })
  .refine((m) => (m.portion === undefined) !== (m.quantity === undefined), {
    message: 'Give a milestone either a portion or a quantity',
    path: ['portion'],
  });

export const milestoneTermsSchema = z
  .strictObject({
    type: z.literal('milestone'),
    allocation: allocationSchema.default('CUMULATIVE_ROUNDING'),
    milestones: z
      .array(milestoneSchema, { error: 'milestones must be a list' })
      .min(1, 'Add at least one milestone')
      .max(50, 'At most 50 milestones'),
  })
  .superRefine((t, ctx) => {
    const seen = new Set<string>();
    t.milestones.forEach((m, i) => {
      if (seen.has(m.id))
        ctx.addIssue({
          code: 'custom',
          path: ['milestones', i, 'id'],
          message: 'Milestone ids must be unique',
        });
      seen.add(m.id);
    });
    if (!portionsAtMostOne(t.milestones.flatMap((m) => (m.portion ? [m.portion] : []))))
      ctx.addIssue({
        code: 'custom',
        path: ['milestones'],
        message: 'Milestone portions add up to more than the whole',
      });
  });

/** True when the fractions add up to at most 1 (exact, with bigints). */
export function portionsAtMostOne(
  portions: readonly { numerator: number; denominator: number }[],
): boolean {
  return portionSum(portions) <= 0;
}

/** Sign of (sum of the portions − 1): -1, 0 or 1. */
function portionSum(portions: readonly { numerator: number; denominator: number }[]): number {
  let num = 0n;
  let den = 1n;
  for (const p of portions) {
    num = num * BigInt(p.denominator) + BigInt(p.numerator) * den;
    den *= BigInt(p.denominator);
  }
  return num === den ? 0 : num < den ? -1 : 1;
}

export const combinedTermsSchema = z
  .strictObject({
    type: z.literal('combined'),
    parts: z
      .array(
        z.strictObject({
          portion: portionSchema,
          terms: z.discriminatedUnion('type', [timeTermsSchema, milestoneTermsSchema], {
            error: 'A part has time or milestone terms',
          }),
        }),
        { error: 'parts must be a list' },
      )
      .min(2, 'Combined terms have at least two parts')
      .max(10, 'At most 10 parts'),
  })
  .superRefine((t, ctx) => {
    if (portionSum(t.parts.map((p) => p.portion)) !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['parts'],
        message: 'The parts’ portions must add up to exactly the whole',
      });
    // Milestones are addressed by id (achievement endpoint): unique across all parts.
    const seen = new Set<string>();
    t.parts.forEach((part, i) => {
      if (part.terms.type !== 'milestone') return;
      part.terms.milestones.forEach((m, j) => {
        if (seen.has(m.id))
          ctx.addIssue({
            code: 'custom',
            path: ['parts', i, 'terms', 'milestones', j, 'id'],
            message: 'Milestone ids must be unique across all parts',
          });
        seen.add(m.id);
      });
    });
  });

/** Time-based (with an optional cliff), milestone-based or combined terms. */
export const vestingTermsSchema = z.discriminatedUnion(
  'type',
  [timeTermsSchema, milestoneTermsSchema, combinedTermsSchema],
  { error: 'terms.type must be time, milestone or combined' },
);
export type VestingTermsInput = z.input<typeof vestingTermsSchema>;
export type VestingTermsValue = z.output<typeof vestingTermsSchema>;

/** Fixed milestone quantities and portions must fit in the grant's quantity. */
export function termsQuantityError(terms: VestingTermsValue, quantity: number): string | null {
  const fixed = (t: VestingTermsValue): number =>
    t.type === 'milestone'
      ? t.milestones.reduce((s, m) => s + (m.quantity ?? 0), 0)
      : t.type === 'combined'
        ? t.parts.reduce((s, p) => s + fixed(p.terms), 0)
        : 0;
  const total = fixed(terms);
  return total > quantity
    ? `Milestone quantities (${total}) exceed the quantity (${quantity})`
    : null;
}

/** Body of `POST /api/v1/vesting/preview`. */
export const vestingPreviewRequestSchema = z
  .strictObject({
    quantity: wholeNumber('quantity', 1, MAX_SHARE_COUNT),
    vestingStartDate: date('vestingStartDate'),
    terms: vestingTermsSchema,
    asOf: date('asOf').optional(),
  })
  .superRefine((v, ctx) => {
    const message = termsQuantityError(v.terms, v.quantity);
    if (message) ctx.addIssue({ code: 'custom', path: ['terms'], message });
  });
export type VestingPreviewRequest = z.input<typeof vestingPreviewRequestSchema>;

export const installmentSchema = z.object({
  date: z.string(),
  quantity: z.number().int(),
  cumulative: z.number().int(),
  source: z.enum(['time', 'cliff', 'milestone', 'acceleration']),
  milestoneId: z.string().optional(),
});

export const vestingPreviewResponseSchema = z.object({
  asOf: z.string(),
  installments: z.array(installmentSchema),
  vested: z.number().int(),
  unvested: z.number().int(),
  forfeited: z.number().int(),
  pending: z.array(z.object({ milestoneId: z.string(), quantity: z.number().int() })),
});
export type VestingPreviewResponse = z.infer<typeof vestingPreviewResponseSchema>;

// ---------------------------------------------------------------------------------- templates

const templateFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name is at most 120 characters'),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(1000, 'Description is at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  terms: vestingTermsSchema,
};

export const vestingTemplateCreateSchema = z.strictObject(templateFields);
export type VestingTemplateCreateInput = z.input<typeof vestingTemplateCreateSchema>;
export type VestingTemplateCreate = z.output<typeof vestingTemplateCreateSchema>;
export const vestingTemplateUpdateSchema = z.strictObject(templateFields).partial();

export const vestingTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  terms: vestingTermsSchema,
  /** Plans that use the template as their default. */
  planCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type VestingTemplate = z.infer<typeof vestingTemplateSchema>;

// ------------------------------------------------------------------------------------- grants

export const GRANT_STATUSES = [
  'draft',
  'offered',
  'accepted',
  'active',
  'fully_vested',
  'partly_exercised',
  'exercised',
  'forfeited',
  'cancelled',
  'expired',
] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** Statuses a lawyer sets; the others are derived from the schedule and events. */
export const STORED_GRANT_STATUSES = ['draft', 'offered', 'accepted', 'active'] as const;

/** Belgian option offers must be accepted in writing within 60 days (law of 26 March 1999). */
export const BE_ACCEPTANCE_DAYS = 60;

/** How far before the grant date vesting may start (credit for time already served). */
export const MAX_VESTING_BACKDATE_MONTHS = 12;

const decimalText = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()], {
      error: `${label} must be a decimal number, e.g. "0.10"`,
    })
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v).trim()))
    .refine(
      (v) => v === null || /^\d{1,18}(\.\d{1,10})?$/.test(v),
      `${label} must be a non-negative decimal number, e.g. "0.10"`,
    );

const grantFields = {
  stakeholderId: z.string({ error: 'Stakeholder is required' }).uuid('Stakeholder is required'),
  planId: z.string({ error: 'Plan is required' }).uuid('Plan is required'),
  quantity: wholeNumber('Quantity', 1, MAX_SHARE_COUNT),
  /** Exercise (strike) price, or base price for SARs and phantom shares. */
  exercisePrice: decimalText('Exercise price'),
  currency: z
    .string({ error: 'Currency must be a three-letter ISO 4217 code, e.g. EUR' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter ISO 4217 code, e.g. EUR')
    .nullish()
    .transform((v) => v ?? null),
  grantDate: date('Grant date'),
  vestingStartDate: date('Vesting start date'),
  /** The template the terms were copied from, if any. */
  templateId: z
    .string({ error: 'Template must be an id' })
    .uuid('Template must be an id')
    .nullish()
    .transform((v) => v ?? null),
  terms: vestingTermsSchema,
  expiryDate: nullableDate('Expiry date'),
  offerDate: nullableDate('Offer date'),
  acceptanceDate: nullableDate('Acceptance date'),
  /** NL (since 2023): the employee elected in writing to be taxed at exercise. */
  taxAtExercise: z.boolean({ error: 'taxAtExercise must be true or false' }),
  taxElectionDate: nullableDate('Tax election date'),
  status: z.enum(STORED_GRANT_STATUSES, {
    error: 'Status must be draft, offered, accepted or active',
  }),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(4000, 'Notes are at most 4000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
};
type GrantOut = { [K in keyof typeof grantFields]: z.output<(typeof grantFields)[K]> };

/** Date order and tax election rules a grant must satisfy on its own. */
export function checkGrant(v: GrantOut, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.expiryDate && v.expiryDate <= v.grantDate)
    issue('expiryDate', 'Expiry date must be after the grant date');
  if (v.offerDate && v.offerDate > v.grantDate)
    issue('offerDate', 'Offer date cannot be after the grant date');
  if (v.acceptanceDate && v.offerDate && v.acceptanceDate < v.offerDate)
    issue('acceptanceDate', 'Acceptance date cannot be before the offer date');
  if (v.taxElectionDate && !v.taxAtExercise)
    issue('taxElectionDate', 'A tax election date needs the election to be taxed at exercise');
  if (v.taxAtExercise && !v.taxElectionDate)
    issue('taxElectionDate', 'Record the date of the written election to be taxed at exercise');
  const message = termsQuantityError(v.terms, v.quantity);
  if (message) issue('terms', message);
}

/** Body of `POST /api/v1/company/{companyId}/grants`. */
export const grantCreateSchema = z
  .strictObject({
    ...grantFields,
    taxAtExercise: grantFields.taxAtExercise.default(false),
    status: grantFields.status.default('active'),
  })
  .superRefine(checkGrant);
export type GrantCreateInput = z.input<typeof grantCreateSchema>;
export type GrantCreate = z.output<typeof grantCreateSchema>;
export const grantUpdateSchema = z.strictObject(grantFields).partial();

export const grantScheduleSchema = z.object({
  asOf: z.string(),
  vested: z.number().int(),
  unvested: z.number().int(),
  exercised: z.number().int(),
  forfeited: z.number().int(),
  /** Vested, not exercised, not forfeited, before the exercise deadline and expiry. */
  exercisable: z.number().int(),
  nextInstallment: z.object({ date: z.string(), quantity: z.number().int() }).nullable(),
  exerciseDeadline: z.string().nullable(),
  pending: z.array(z.object({ milestoneId: z.string(), quantity: z.number().int() })),
});

export const grantSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  stakeholderId: z.uuid(),
  stakeholderName: z.string(),
  planId: z.uuid(),
  planName: z.string(),
  quantity: z.number().int(),
  exercisePrice: z.string().nullable(),
  currency: z.string(),
  grantDate: z.string(),
  vestingStartDate: z.string(),
  templateId: z.uuid().nullable(),
  terms: vestingTermsSchema,
  expiryDate: z.string().nullable(),
  offerDate: z.string().nullable(),
  acceptanceDate: z.string().nullable(),
  /** Offer date + 60 days for Belgian companies; null elsewhere. */
  acceptanceDeadline: z.string().nullable(),
  taxAtExercise: z.boolean(),
  taxElectionDate: z.string().nullable(),
  status: z.enum(GRANT_STATUSES),
  termination: z
    .object({
      date: z.string(),
      leaverType: z.enum(['good', 'bad']),
      reason: z.string().nullable(),
    })
    .nullable(),
  cancelledDate: z.string().nullable(),
  /** Leaves of absence: vesting paused from start to end. */
  pauses: z.array(z.object({ start: z.string(), end: z.string() })),
  notes: z.string().nullable(),
  schedule: grantScheduleSchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Grant = z.infer<typeof grantSchema>;

/** The cash settlement of one exercise, as recorded when the exercise was. */
export const exerciseSettlementSchema = z.object({
  /** The valuation whose FMV was used; null once that valuation has been deleted. */
  valuationId: z.uuid().nullable(),
  /** FMV per share valid on the exercise date (copied: later edits do not change it). */
  fmvPerShare: z.string(),
  /** The grant's base price at the time; null when the grant has none. */
  basePrice: z.string().nullable(),
  /** max(0, FMV − base price) × quantity. */
  amount: z.string(),
  currency: z.string(),
});
export type ExerciseSettlement = z.infer<typeof exerciseSettlementSchema>;

/** One grant with its full schedule and exercises (GET of a single grant). */
export const grantDetailSchema = grantSchema.extend({
  installments: z.array(installmentSchema),
  forfeitures: z.array(
    z.object({
      date: z.string(),
      quantity: z.number().int(),
      reason: z.enum([
        'termination_unvested',
        'termination_vested',
        'milestone_deadline',
        'cancellation',
      ]),
      milestoneId: z.string().optional(),
    }),
  ),
  exercises: z.array(
    z.object({
      id: z.uuid(),
      date: z.string(),
      quantity: z.number().int(),
      shareEventId: z.uuid().nullable(),
      receiptId: z.uuid().nullable(),
      createdAt: z.iso.datetime({ offset: true }),
      /**
       * Cash-settled plans (phantom shares, SARs, virtual shares): the amount owed, at the FMV of
       * the valuation valid on the exercise date. Null for share-settled plans, and when no
       * valuation was in force on that date (no amount recorded).
       */
      settlement: exerciseSettlementSchema.nullable(),
    }),
  ),
});
export type GrantDetail = z.infer<typeof grantDetailSchema>;

/**
 * `GET …/grants`: the company's grants with their figures as of today, and the company's change of
 * control (null when none is recorded), which the figures apply and a browser recomputing a
 * schedule with the engine needs too.
 */
export const grantListResponseSchema = z.object({
  items: z.array(grantSchema),
  changeOfControlDate: z.string().nullable(),
});
export type GrantListResponse = z.infer<typeof grantListResponseSchema>;

export const grantListQuerySchema = z.object({
  planId: z.uuid('planId must be an id').optional(),
  stakeholderId: z.uuid('stakeholderId must be an id').optional(),
  status: z
    .enum(GRANT_STATUSES, { error: `status must be one of ${GRANT_STATUSES.join(', ')}` })
    .optional(),
});

export const milestoneAchievementSchema = z.strictObject({ date: date('date') });
export const terminationSchema = z.strictObject({
  date: date('date'),
  leaverType: z.enum(['good', 'bad'], { error: 'leaverType must be good or bad' }),
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .max(1000, 'reason is at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export const changeOfControlSchema = z.strictObject({ date: date('date') });
export const exerciseSchema = z.strictObject({
  date: date('date'),
  quantity: wholeNumber('quantity', 1, MAX_SHARE_COUNT),
});
export const cancellationSchema = z.strictObject({
  date: date('date'),
  reason: terminationSchema.shape.reason,
});

export const UPCOMING_TYPES = [
  'cliff',
  'installment',
  'acceptance_deadline',
  'expiry',
  'exercise_deadline',
] as const;

export const upcomingQuerySchema = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, 'days must be a whole number from 1 to 365')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'days must be a whole number from 1 to 365')
        .max(365, 'days must be a whole number from 1 to 365'),
    )
    .optional(),
  companyId: z.uuid('companyId must be an id').optional(),
  types: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : undefined))
    .pipe(
      z
        .array(
          z.enum(UPCOMING_TYPES, { error: `types must be among ${UPCOMING_TYPES.join(', ')}` }),
        )
        .optional(),
    ),
});

/** One dated thing a lawyer should act on or expect (practice view, company grants tab). */
export const upcomingItemSchema = z.object({
  date: z.string(),
  type: z.enum(UPCOMING_TYPES),
  companyId: z.uuid(),
  companyName: z.string(),
  grantId: z.uuid(),
  stakeholderName: z.string(),
  planName: z.string(),
  quantity: z.number().int().nullable(),
});
export const upcomingResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(upcomingItemSchema),
});
export type UpcomingItem = z.infer<typeof upcomingItemSchema>;

/** Body of `POST …/grants/{grantId}/pauses`: a leave of absence. */
export const pauseSchema = z
  .strictObject({ start: date('start'), end: date('end') })
  .refine((p) => p.end > p.start, { message: 'end must be after start', path: ['end'] });
