import { z } from 'zod';
import { MAX_SHARE_COUNT } from '../domain/equity';
import { splitBetweenParts } from '../domain/vesting/allocation';
import { periodDate } from '../domain/vesting/schedule';
import {
  ALLOCATION_TYPES,
  DAY_OF_MONTH_OPTIONS,
  MILESTONE_ALLOCATION_TYPES,
  type TimeTerms,
} from '../domain/vesting/types';
import { isoDate, optionalDate, optionalNotes, requiredText } from './common';
import { messageParams } from './i18n/issues';

/**
 * Vesting terms as the API and the forms send them (issue 5; OCF VESTING_TERMS). The same schema
 * validates the preview, templates and grants.
 */

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} is at most ${max}`);

/** Numerators and denominators of portions (of the grant, of a part) are at most this. */
export const MAX_PORTION_TERM = 1_000_000;

export const portionSchema = z
  .strictObject({
    numerator: wholeNumber('numerator', 0, MAX_PORTION_TERM),
    denominator: wholeNumber('denominator', 1, MAX_PORTION_TERM),
  })
  .refine((p) => p.numerator <= p.denominator, {
    message: 'A portion is at most the whole (numerator ≤ denominator)',
    params: messageParams('validation.vesting.portionWhole'),
    path: ['numerator'],
  });

export const allocationSchema = z.enum(ALLOCATION_TYPES, {
  error: `allocation must be one of ${ALLOCATION_TYPES.join(', ')}`,
});

/**
 * What real schedules need, and what keeps computing one bounded (issue 11; docs/vesting.md):
 * periods of up to ten years (120 months, or 3,660 days: OCF writes 365-day years as periods of
 * 365 days), up to 10,000 installments (daily vesting for 27 years) in one schedule and in all
 * time-based parts of combined terms together, 50 milestones, 10 parts.
 */
export const VESTING_LIMITS = {
  periodMonths: 120,
  periodDays: 3_660,
  occurrences: 10_000,
  milestones: 50,
  parts: 10,
} as const;

/** Schedules stay within the years a four-digit ISO date can write. */
export const FIRST_SCHEDULE_DATE = '0001-01-01';
export const LAST_SCHEDULE_DATE = '9999-12-31';
/** Months and days from 0001-01-01 to 9999-12-31: no schedule longer than that fits. */
const MAX_SPAN_MONTHS = 9998 * 12 + 11;
const MAX_SPAN_DAYS = 3_652_058;

const isCount = (n: unknown, min: number, max: number): n is number =>
  Number.isSafeInteger(n) && (n as number) >= min && (n as number) <= max;

export const timeTermsSchema = z
  .strictObject({
    type: z.literal('time'),
    periodLength: wholeNumber('periodLength', 1, VESTING_LIMITS.periodDays),
    periodUnit: z.enum(['months', 'days'], { error: 'periodUnit must be months or days' }),
    occurrences: wholeNumber('occurrences', 1, VESTING_LIMITS.occurrences),
    cliffPeriods: wholeNumber('cliffPeriods', 0, VESTING_LIMITS.occurrences).default(0),
    dayOfMonth: z
      .enum(DAY_OF_MONTH_OPTIONS, {
        error:
          'dayOfMonth must be 01–28, 29/30/31_OR_LAST_DAY_OF_MONTH or VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
      })
      .default('VESTING_START_DAY_OR_LAST_DAY_OF_MONTH'),
    allocation: allocationSchema.default('CUMULATIVE_ROUNDING'),
  })
  .superRefine((t, ctx) => {
    if (t.cliffPeriods > t.occurrences)
      ctx.addIssue({
        code: 'custom',
        message: 'The cliff cannot be longer than the schedule (cliffPeriods ≤ occurrences)',
        params: messageParams('validation.vesting.cliffTooLong'),
        path: ['cliffPeriods'],
      });
    if (t.periodUnit === 'months' && t.periodLength > VESTING_LIMITS.periodMonths)
      ctx.addIssue({
        code: 'custom',
        message: `A period is at most ${VESTING_LIMITS.periodMonths} months (or ${VESTING_LIMITS.periodDays.toLocaleString('en')} days)`,
        params: messageParams('validation.vesting.periodTooLong', {
          months: VESTING_LIMITS.periodMonths,
          days: VESTING_LIMITS.periodDays,
        }),
        path: ['periodLength'],
      });
    // However it starts, a schedule longer than years 0001–9999 cannot fit in them.
    const span = t.periodLength * t.occurrences;
    if (span > (t.periodUnit === 'months' ? MAX_SPAN_MONTHS : MAX_SPAN_DAYS))
      ctx.addIssue({
        code: 'custom',
        message: 'The schedule is longer than the years 0001–9999 hold: fewer or shorter periods',
        params: messageParams('validation.vesting.scheduleTooLong'),
        path: ['occurrences'],
      });
  });

export const milestoneSchema = z
  .strictObject({
    id: requiredText('Milestone id', { max: 64 }),
    name: requiredText('Milestone name', { max: 200 }),
    portion: portionSchema.optional(),
    quantity: wholeNumber('quantity', 1, MAX_SHARE_COUNT).optional(),
    achievedDate: optionalDate('achievedDate'),
    deadline: optionalDate('deadline'),
  })
  .refine((m) => (m.portion === undefined) !== (m.quantity === undefined), {
    message: 'Give a milestone either a portion or a quantity',
    params: messageParams('validation.vesting.milestoneAmount'),
    path: ['portion'],
  });

export const milestoneTermsSchema = z
  .strictObject({
    type: z.literal('milestone'),
    allocation: z
      .enum(MILESTONE_ALLOCATION_TYPES, {
        error:
          'Milestones round their running total: allocation must be CUMULATIVE_ROUNDING or CUMULATIVE_ROUND_DOWN (the front- and back-loaded types are for equal installments)',
      })
      .default('CUMULATIVE_ROUNDING'),
    milestones: z
      .array(milestoneSchema, { error: 'milestones must be a list' })
      .min(1, 'Add at least one milestone')
      .max(VESTING_LIMITS.milestones, `At most ${VESTING_LIMITS.milestones} milestones`),
  })
  .superRefine((t, ctx) => {
    const seen = new Set<string>();
    t.milestones.forEach((m, i) => {
      if (seen.has(m.id))
        ctx.addIssue({
          code: 'custom',
          path: ['milestones', i, 'id'],
          message: 'Milestone ids must be unique',
          params: messageParams('validation.vesting.milestoneIdUnique'),
        });
      seen.add(m.id);
    });
    for (const issue of milestoneWholeIssues(t.milestones)) ctx.addIssue(issue);
  });

type Issue = {
  code: 'custom';
  path: (string | number)[];
  message: string;
  params: ReturnType<typeof messageParams>;
};

type MilestoneAmounts = readonly {
  portion?: { numerator: number; denominator: number } | undefined;
  quantity?: number | undefined;
}[];

const isPortion = (p: unknown): p is { numerator: number; denominator: number } =>
  typeof p === 'object' &&
  p !== null &&
  isCount((p as { numerator: unknown }).numerator, 0, Number.MAX_SAFE_INTEGER) &&
  isCount((p as { denominator: unknown }).denominator, 1, Number.MAX_SAFE_INTEGER);

/**
 * Whatever the grant's quantity (templates have none): portions past the whole, and fixed
 * quantities on top of portions that already make the whole, vest more than the grant. Named on
 * the milestone where the total passes it.
 */
function milestoneWholeIssues(milestones: MilestoneAmounts) {
  const issues: Issue[] = [];
  let num = 0n;
  let den = 1n;
  for (let i = 0; i < milestones.length; i++) {
    const p = milestones[i]!.portion;
    if (!isPortion(p)) continue;
    num = num * BigInt(p.denominator) + BigInt(p.numerator) * den;
    den *= BigInt(p.denominator);
    if (num > den) {
      issues.push({
        code: 'custom',
        path: ['milestones', i, 'portion'],
        message: 'Milestone portions add up to more than the whole',
        params: messageParams('validation.vesting.milestonePortionsOver'),
      });
      return issues;
    }
  }
  if (num === den) {
    const fixed = milestones.findIndex((m) => !m.portion && m.quantity !== undefined);
    if (fixed >= 0)
      issues.push({
        code: 'custom',
        path: ['milestones', fixed, 'quantity'],
        message:
          'The portions already vest the whole: a fixed number of shares on top would vest more than it',
        params: messageParams('validation.vesting.milestoneFixedOver'),
      });
  }
  return issues;
}

/**
 * With the grant's quantity: the milestones' fixed quantities and portions of `partQuantity`
 * (the grant, or the part of combined terms) add up to at most it, exactly (domain.md
 * "Milestones and combined terms"). Named on the milestone where the total passes it.
 */
function milestonePartIssues(
  milestones: MilestoneAmounts,
  partQuantity: number,
  /** The part's number (1, 2, …) in combined terms; null for the grant's own milestones. */
  part: number | null,
): Issue[] {
  let num = 0n;
  let den = 1n;
  const limit = BigInt(partQuantity);
  for (let i = 0; i < milestones.length; i++) {
    const m = milestones[i]!;
    let n: bigint;
    let d: bigint;
    if (m.portion) {
      if (!isPortion(m.portion)) return [];
      n = BigInt(m.portion.numerator) * limit;
      d = BigInt(m.portion.denominator);
    } else if (isCount(m.quantity, 0, Number.MAX_SAFE_INTEGER)) {
      n = BigInt(m.quantity);
      d = 1n;
    } else continue;
    num = num * d + n * den;
    den *= d;
    if (num > limit * den)
      return [
        {
          code: 'custom',
          path: ['milestones', i, m.portion ? 'portion' : 'quantity'],
          message: `The milestones add up to more than the ${partQuantity.toLocaleString('en')} shares of ${part === null ? 'the grant' : `part ${part}`}`,
          params: messageParams('validation.vesting.milestonesOverQuantity', {
            quantity: partQuantity,
            what: part === null ? 'grant' : 'part',
            part: part ?? 0,
          }),
        },
      ];
  }
  return [];
}

/** The last installment of time terms from `start`, checked against 9999-12-31. */
function timeRangeIssues(terms: TimeTerms, start: string): Issue[] {
  if (
    !isCount(terms.occurrences, 1, VESTING_LIMITS.occurrences) ||
    !isCount(terms.periodLength, 1, VESTING_LIMITS.periodDays) ||
    terms.periodLength * terms.occurrences >
      (terms.periodUnit === 'months' ? MAX_SPAN_MONTHS : MAX_SPAN_DAYS)
  )
    return []; // Named by the terms' own checks.
  let last: string;
  try {
    last = periodDate(start, terms, terms.occurrences);
  } catch {
    return []; // A malformed start or terms, named by their own checks.
  }
  if (last.length === 10 && last <= LAST_SCHEDULE_DATE) return [];
  return [
    {
      code: 'custom',
      path: ['occurrences'],
      message: `The last installment would fall after ${LAST_SCHEDULE_DATE} (on ${last}): fewer or shorter periods, or an earlier start`,
      params: messageParams('validation.vesting.lastInstallment', {
        limit: LAST_SCHEDULE_DATE,
        last,
      }),
    },
  ];
}

/** The issues with `path` put in front of theirs. */
const under = (path: (string | number)[], issues: Issue[]): Issue[] =>
  issues.map((i) => ({ ...i, path: [...path, ...i.path] }));

/**
 * What terms can only be checked against a grant: its quantity (the milestones fit in the grant
 * and in each part) and its vesting start date (every installment within the years 0001–9999).
 * Paths are those of the preview's and the grant's body. Templates have neither.
 */
export function grantTermsIssues(v: {
  terms: VestingTermsValue;
  quantity: number;
  vestingStartDate: string;
}): Issue[] {
  const { terms, quantity, vestingStartDate: start } = v;
  const issues: Issue[] = [];
  if (typeof start === 'string' && start < FIRST_SCHEDULE_DATE)
    issues.push({
      code: 'custom',
      path: ['vestingStartDate'],
      message: `Vesting starts in the years 0001–9999 (on or after ${FIRST_SCHEDULE_DATE})`,
      params: messageParams('validation.vesting.startYears', { first: FIRST_SCHEDULE_DATE }),
    });
  if (!isCount(quantity, 0, Number.MAX_SAFE_INTEGER)) return issues;
  if (terms.type === 'time') return [...issues, ...under(['terms'], timeRangeIssues(terms, start))];
  if (terms.type === 'milestone')
    return [...issues, ...under(['terms'], milestonePartIssues(terms.milestones, quantity, null))];
  if (!Array.isArray(terms.parts) || !terms.parts.every((p) => isPortion(p.portion))) return issues;
  const amounts = splitBetweenParts(quantity, terms.parts);
  terms.parts.forEach((part, k) =>
    issues.push(
      ...under(
        ['terms', 'parts', k, 'terms'],
        part.terms.type === 'time'
          ? timeRangeIssues(part.terms, start)
          : milestonePartIssues(part.terms.milestones, amounts[k]!, k + 1),
      ),
    ),
  );
  return issues;
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
      .max(VESTING_LIMITS.parts, `At most ${VESTING_LIMITS.parts} parts`),
  })
  .superRefine((t, ctx) => {
    if (portionSum(t.parts.map((p) => p.portion)) !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['parts'],
        message: 'The parts’ portions must add up to exactly the whole',
        params: messageParams('validation.vesting.partsWhole'),
      });
    // Milestones are addressed by id (achievement endpoint): unique across all parts.
    const seen = new Set<string>();
    let installments = 0;
    t.parts.forEach((part, i) => {
      if (part.terms.type === 'time') {
        // The bound on one schedule holds for all parts together (VESTING_LIMITS).
        const before = installments;
        installments += part.terms.occurrences;
        if (before <= VESTING_LIMITS.occurrences && installments > VESTING_LIMITS.occurrences)
          ctx.addIssue({
            code: 'custom',
            path: ['parts', i, 'terms', 'occurrences'],
            message: `All parts together have at most ${VESTING_LIMITS.occurrences.toLocaleString('en')} installments`,
            params: messageParams('validation.vesting.partsInstallments', {
              maximum: VESTING_LIMITS.occurrences,
            }),
          });
        return;
      }
      part.terms.milestones.forEach((m, j) => {
        if (seen.has(m.id))
          ctx.addIssue({
            code: 'custom',
            path: ['parts', i, 'terms', 'milestones', j, 'id'],
            message: 'Milestone ids must be unique across all parts',
            params: messageParams('validation.vesting.milestoneIdUniqueParts'),
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

/** Body of `POST /api/v1/vesting/preview`. */
export const vestingPreviewRequestSchema = z
  .strictObject({
    quantity: wholeNumber('quantity', 1, MAX_SHARE_COUNT),
    vestingStartDate: isoDate('vestingStartDate'),
    terms: vestingTermsSchema,
    asOf: isoDate('asOf').optional(),
  })
  .superRefine((v, ctx) => {
    for (const issue of grantTermsIssues(v)) ctx.addIssue(issue);
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
  name: requiredText('Name', { max: 120 }),
  description: optionalNotes(1000, 'Description'),
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
    .refine((v) => v === null || /^\d{1,18}(\.\d{1,10})?$/.test(v), {
      message: `${label} must be a non-negative decimal number, e.g. "0.10"`,
      params: messageParams('validation.decimal', { example: '0.10' }),
    });

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
  grantDate: isoDate('Grant date'),
  vestingStartDate: isoDate('Vesting start date'),
  /** The template the terms were copied from, if any. */
  templateId: z
    .string({ error: 'Template must be an id' })
    .uuid('Template must be an id')
    .nullish()
    .transform((v) => v ?? null),
  terms: vestingTermsSchema,
  expiryDate: optionalDate('Expiry date'),
  offerDate: optionalDate('Offer date'),
  acceptanceDate: optionalDate('Acceptance date'),
  /** NL (since 2023): the employee elected in writing to be taxed at exercise. */
  taxAtExercise: z.boolean({ error: 'taxAtExercise must be true or false' }),
  taxElectionDate: optionalDate('Tax election date'),
  status: z.enum(STORED_GRANT_STATUSES, {
    error: 'Status must be draft, offered, accepted or active',
  }),
  notes: optionalNotes(4000, 'Notes'),
};
type GrantOut = { [K in keyof typeof grantFields]: z.output<(typeof grantFields)[K]> };

/** Date order and tax election rules a grant must satisfy on its own. */
export function checkGrant(v: GrantOut, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string, key: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message, params: messageParams(key) });
  if (v.expiryDate && v.expiryDate <= v.grantDate)
    issue(
      'expiryDate',
      'Expiry date must be after the grant date',
      'validation.grant.expiryAfterGrant',
    );
  if (v.offerDate && v.offerDate > v.grantDate)
    issue(
      'offerDate',
      'Offer date cannot be after the grant date',
      'validation.grant.offerBeforeGrant',
    );
  if (v.acceptanceDate && v.offerDate && v.acceptanceDate < v.offerDate)
    issue(
      'acceptanceDate',
      'Acceptance date cannot be before the offer date',
      'validation.grant.acceptanceAfterOffer',
    );
  if (v.taxElectionDate && !v.taxAtExercise)
    issue(
      'taxElectionDate',
      'A tax election date needs the election to be taxed at exercise',
      'validation.grant.taxElectionNeedsElection',
    );
  if (v.taxAtExercise && !v.taxElectionDate)
    issue(
      'taxElectionDate',
      'Record the date of the written election to be taxed at exercise',
      'validation.grant.taxElectionDateRequired',
    );
  for (const i of grantTermsIssues(v)) ctx.addIssue(i);
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

export const milestoneAchievementSchema = z.strictObject({ date: isoDate('date') });
export const terminationSchema = z.strictObject({
  date: isoDate('date'),
  leaverType: z.enum(['good', 'bad'], { error: 'leaverType must be good or bad' }),
  reason: optionalNotes(1000, 'reason'),
});
export const changeOfControlSchema = z.strictObject({ date: isoDate('date') });
export const exerciseSchema = z.strictObject({
  date: isoDate('date'),
  quantity: wholeNumber('quantity', 1, MAX_SHARE_COUNT),
});
export const cancellationSchema = z.strictObject({
  date: isoDate('date'),
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
  /**
   * Routine installments (time-based vesting after the cliff) are left out unless asked for:
   * `installments=true`, or `installment` among `types` (issue 12).
   */
  installments: z
    .enum(['true', 'false'], { error: 'installments must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
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
  /** The task made from this deadline (`POST /tasks/from-deadline`), if any (issue 15). */
  taskId: z.uuid().nullable(),
});
export const upcomingResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(upcomingItemSchema),
});
export type UpcomingItem = z.infer<typeof upcomingItemSchema>;

/** Body of `POST …/grants/{grantId}/pauses`: a leave of absence. */
export const pauseSchema = z
  .strictObject({ start: isoDate('start'), end: isoDate('end') })
  .refine((p) => p.end > p.start, {
    message: 'end must be after start',
    path: ['end'],
    params: messageParams('validation.pause.endAfterStart'),
  });
