import { z } from 'zod';
import { isCountryCode } from '../domain/countries';
import { isDecimal, normalizeDecimal } from '../domain/decimal';
import {
  MAX_SHARE_COUNT,
  PLAN_TYPES,
  SHARE_CLASS_TYPES,
  SHARE_EVENT_TYPES,
  STAKEHOLDER_KINDS,
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
  isCashSettled,
} from '../domain/equity';
import { phoneError } from '../domain/identifiers';
import {
  isoDate,
  optionalDate,
  optionalEmail,
  optionalNotes,
  optionalText,
  requiredText,
  text,
} from './common';
import { messageParams } from './i18n/issues';

export { isoDate, optionalDate };

/**
 * Request and response shapes of a client company's equity structure (issue 4): stakeholders,
 * share classes, the register's events, depositary receipts, plans, pool adjustments and the
 * cap table. Decimals travel as strings ("0.01"), share counts as integers.
 */

/** A non-negative decimal string; numbers are accepted and turned into their decimal text. */
export function decimalString(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label} must be a decimal number, e.g. "0.01"` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine(isDecimal, {
      message: `${label} must be a non-negative decimal number with at most 10 decimals, e.g. "0.01"`,
      params: messageParams('validation.decimal', { example: '0.01' }),
    })
    .transform(normalizeDecimal);
}

function optionalDecimal(label: string) {
  return z
    .union([decimalString(label), z.literal(''), z.null()], {
      error: `${label} must be a decimal number, e.g. "0.01"`,
    })
    .optional()
    .transform((v) => (v ? v : null));
}

/** A whole number of shares: positive integer up to one trillion. */
export function shareCountSchema(label: string, min = 1) {
  return z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, min === 1 ? `${label} must be at least 1` : `${label} must be at least ${min}`)
    .max(MAX_SHARE_COUNT, `${label} is at most ${MAX_SHARE_COUNT.toLocaleString('en')}`);
}

function optionalShareCount(label: string, min = 1) {
  return shareCountSchema(label, min)
    .nullish()
    .transform((v) => v ?? null);
}

export const currencySchema = z
  .string({ error: 'Currency must be a three-letter ISO 4217 code, e.g. EUR' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter ISO 4217 code, e.g. EUR');

const idRef = (label: string) =>
  z
    .string({ error: `${label} must be an id` })
    .uuid(`${label} must be an id`)
    .nullish()
    .transform((v) => v ?? null);

const requiredId = (label: string) =>
  z.string({ error: `${label} is required` }).uuid(`${label} is required`);

const optionalCountry = (label: string) =>
  z
    .string({ error: `${label} must be an ISO 3166 alpha-2 code` })
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v): boolean => v === null || isCountryCode(v), {
      message: `${label} must be an ISO 3166 alpha-2 code, e.g. NL`,
      params: messageParams('validation.country'),
    });

const timestamps = {
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
};

// ---------------------------------------------------------------------------------- stakeholder

const stakeholderFields = {
  kind: z.enum(STAKEHOLDER_KINDS, { error: 'Kind must be individual or institution' }),
  name: requiredText('Name', { max: 200 }),
  relationship: z.enum(STAKEHOLDER_RELATIONSHIPS, {
    error: `Relationship must be one of ${STAKEHOLDER_RELATIONSHIPS.join(', ')}`,
  }),
  status: z.enum(STAKEHOLDER_STATUSES, {
    error: 'Status must be active, leave_of_absence or terminated',
  }),
  email: optionalEmail('Email'),
  phone: optionalText(32, 'Phone').refine((v) => v === null || phoneError(v) === null, {
    message: 'Enter a phone number of digits, spaces and an optional leading +',
    params: messageParams('validation.phone'),
  }),
  street: optionalText(200, 'Street'),
  postal: optionalText(16, 'Postal code'),
  city: optionalText(100, 'City'),
  country: optionalCountry('Country'),
  taxCountry: optionalCountry('Tax residence country'),
  employeeId: optionalText(64, 'Employee id'),
  /** The language documents addressed to them are written in (issue 14); null: the workspace's. */
  language: z
    .enum(['nl', 'en'], { error: 'language must be nl or en' })
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalNotes(4000, 'Notes'),
};

/** Body of `POST …/stakeholders` and the stakeholder form's resolver. */
export const stakeholderCreateSchema = z.strictObject({
  ...stakeholderFields,
  kind: stakeholderFields.kind.default('individual'),
  status: stakeholderFields.status.default('active'),
});
export type StakeholderCreateInput = z.input<typeof stakeholderCreateSchema>;
export type StakeholderCreate = z.output<typeof stakeholderCreateSchema>;
export const stakeholderUpdateSchema = z.strictObject(stakeholderFields).partial();

export const stakeholderSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  kind: z.enum(STAKEHOLDER_KINDS),
  name: z.string(),
  relationship: z.enum(STAKEHOLDER_RELATIONSHIPS),
  status: z.enum(STAKEHOLDER_STATUSES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  postal: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  taxCountry: z.string().nullable(),
  employeeId: z.string().nullable(),
  language: z.enum(['nl', 'en']).nullable(),
  notes: z.string().nullable(),
  ...timestamps,
});
export type Stakeholder = z.infer<typeof stakeholderSchema>;

export const stakeholderListQuerySchema = z.object({
  q: text('q', { max: 200 }).optional(),
  relationship: z
    .enum(STAKEHOLDER_RELATIONSHIPS, {
      error: `relationship must be one of ${STAKEHOLDER_RELATIONSHIPS.join(', ')}`,
    })
    .optional(),
  status: z
    .enum(STAKEHOLDER_STATUSES, { error: 'status must be active, leave_of_absence or terminated' })
    .optional(),
});
export type StakeholderListQuery = z.infer<typeof stakeholderListQuerySchema>;

// ---------------------------------------------------------------------------------- share class

const shareClassFields = {
  name: requiredText('Name', { max: 100 }),
  classType: z.enum(SHARE_CLASS_TYPES, { error: 'Class type must be common or preferred' }),
  nominalValue: decimalString('Nominal value'),
  currency: currencySchema,
  votesPerShare: decimalString('Votes per share'),
  liquidationPreferenceMultiple: decimalString('Liquidation preference multiple'),
  participating: z.boolean({ error: 'Participating must be true or false' }),
  participationCapMultiple: optionalDecimal('Participation cap multiple'),
  seniority: z
    .number({ error: 'Seniority must be a whole number from 1 to 100' })
    .int('Seniority must be a whole number from 1 to 100')
    .min(1, 'Seniority must be a whole number from 1 to 100')
    .max(100, 'Seniority must be a whole number from 1 to 100'),
  sharesAuthorized: optionalShareCount('Shares authorized'),
};

/** Body of `POST …/share-classes`. */
export const shareClassCreateSchema = z
  .strictObject({
    ...shareClassFields,
    classType: shareClassFields.classType.default('common'),
    currency: currencySchema.default('EUR'),
    votesPerShare: shareClassFields.votesPerShare.default('1'),
    liquidationPreferenceMultiple: shareClassFields.liquidationPreferenceMultiple.default('1'),
    participating: shareClassFields.participating.default(false),
    seniority: shareClassFields.seniority.default(1),
  })
  .superRefine((v, ctx) => {
    if (v.participationCapMultiple !== null && !v.participating) {
      ctx.addIssue({
        code: 'custom',
        path: ['participationCapMultiple'],
        message: 'A participation cap needs a participating class',
        params: messageParams('validation.shareClass.capNeedsParticipating'),
      });
    }
  });
export type ShareClassCreateInput = z.input<typeof shareClassCreateSchema>;
export type ShareClassCreate = z.output<typeof shareClassCreateSchema>;
export const shareClassUpdateSchema = z.strictObject(shareClassFields).partial();

export const shareClassSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  classType: z.enum(SHARE_CLASS_TYPES),
  nominalValue: z.string(),
  currency: z.string(),
  votesPerShare: z.string(),
  liquidationPreferenceMultiple: z.string(),
  participating: z.boolean(),
  participationCapMultiple: z.string().nullable(),
  seniority: z.number().int(),
  sharesAuthorized: z.number().int().nullable(),
  /** Shares outstanding today (derived from the register). */
  sharesOutstanding: z.number().int(),
  /**
   * The next free share number: one past the highest number ever issued in the class (1 for a
   * class without issues). Null when the class's issues carry no numbers (kept by count).
   */
  nextShareNumber: z.number().int().nullable(),
  ...timestamps,
});
export type ShareClass = z.infer<typeof shareClassSchema>;

// ---------------------------------------------------------------------------------- share event

const shareEventFields = {
  type: z.enum(SHARE_EVENT_TYPES, { error: 'Type must be issue, transfer or cancel' }),
  date: isoDate('Date'),
  shareClassId: requiredId('Share class'),
  shareCount: shareCountSchema('Share count'),
  toStakeholderId: idRef('To stakeholder'),
  fromStakeholderId: idRef('From stakeholder'),
  firstShareNumber: optionalShareCount('First share number'),
  lastShareNumber: optionalShareCount('Last share number'),
  pricePerShare: optionalDecimal('Price per share'),
  currency: currencySchema.nullish().transform((v) => v ?? null),
  deedDate: optionalDate('Deed date'),
  notary: optionalText(200, 'Notary'),
  notes: optionalNotes(4000, 'Notes'),
};
type ShareEventOut = {
  [K in keyof typeof shareEventFields]: z.output<(typeof shareEventFields)[K]>;
};

/** Who is on which side of an event, and the share numbers' consistency with the count. */
export function checkShareEvent(v: ShareEventOut, ctx: z.RefinementCtx) {
  const needsTo = v.type !== 'cancel';
  const needsFrom = v.type !== 'issue';
  if (needsTo && !v.toStakeholderId)
    ctx.addIssue({
      code: 'custom',
      path: ['toStakeholderId'],
      message: `A${v.type === 'issue' ? 'n issue' : ' transfer'} needs the stakeholder who receives the shares`,
      params: messageParams('validation.shareEvent.toRequired', { type: v.type }),
    });
  if (!needsTo && v.toStakeholderId)
    ctx.addIssue({
      code: 'custom',
      path: ['toStakeholderId'],
      message: 'A cancellation has no receiving stakeholder',
      params: messageParams('validation.shareEvent.noTo'),
    });
  if (needsFrom && !v.fromStakeholderId)
    ctx.addIssue({
      code: 'custom',
      path: ['fromStakeholderId'],
      message: `A ${v.type} needs the stakeholder whose shares it takes`,
      params: messageParams('validation.shareEvent.fromRequired', { type: v.type }),
    });
  if (!needsFrom && v.fromStakeholderId)
    ctx.addIssue({
      code: 'custom',
      path: ['fromStakeholderId'],
      message: 'An issue has no giving stakeholder',
      params: messageParams('validation.shareEvent.noFrom'),
    });
  if (v.type === 'transfer' && v.fromStakeholderId && v.fromStakeholderId === v.toStakeholderId)
    ctx.addIssue({
      code: 'custom',
      path: ['toStakeholderId'],
      message: 'A transfer needs two different stakeholders',
      params: messageParams('validation.shareEvent.sameStakeholder'),
    });
  const first = v.firstShareNumber;
  const last = v.lastShareNumber;
  if ((first === null) !== (last === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [first === null ? 'firstShareNumber' : 'lastShareNumber'],
      message: 'Give both the first and the last share number, or neither',
      params: messageParams('validation.shareEvent.numbersBoth'),
    });
  } else if (first !== null && last !== null) {
    if (last < first)
      ctx.addIssue({
        code: 'custom',
        path: ['lastShareNumber'],
        message: 'Last share number must not be below the first',
        params: messageParams('validation.shareEvent.numbersOrder'),
      });
    else if (last - first + 1 !== v.shareCount)
      ctx.addIssue({
        code: 'custom',
        path: ['lastShareNumber'],
        message: `Share numbers ${first}–${last} are ${last - first + 1} shares, not ${v.shareCount}`,
        params: messageParams('validation.shareEvent.numbersCount', {
          first,
          last,
          count: last - first + 1,
          shareCount: v.shareCount,
        }),
      });
  }
  // A price without a currency is in the share class's currency (the server fills it in).
}

/** Body of `POST …/share-events`. */
export const shareEventCreateSchema = z.strictObject(shareEventFields).superRefine(checkShareEvent);
export type ShareEventCreateInput = z.input<typeof shareEventCreateSchema>;
export type ShareEventCreate = z.output<typeof shareEventCreateSchema>;
export const shareEventUpdateSchema = z.strictObject(shareEventFields).partial();

export const shareEventSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  type: z.enum(SHARE_EVENT_TYPES),
  date: z.string(),
  shareClassId: z.uuid(),
  shareCount: z.number().int(),
  toStakeholderId: z.uuid().nullable(),
  fromStakeholderId: z.uuid().nullable(),
  firstShareNumber: z.number().int().nullable(),
  lastShareNumber: z.number().int().nullable(),
  pricePerShare: z.string().nullable(),
  currency: z.string().nullable(),
  deedDate: z.string().nullable(),
  notary: z.string().nullable(),
  notes: z.string().nullable(),
  ...timestamps,
});
export type ShareEvent = z.infer<typeof shareEventSchema>;

// ------------------------------------------------------------------------------------- receipts

const receiptFields = {
  stakStakeholderId: requiredId('STAK'),
  shareClassId: requiredId('Share class'),
  holderStakeholderId: requiredId('Receipt holder'),
  receiptCount: shareCountSchema('Receipt count'),
  date: isoDate('Date'),
  notes: optionalNotes(4000, 'Notes'),
};
export const receiptCreateSchema = z.strictObject(receiptFields);
export type ReceiptCreateInput = z.input<typeof receiptCreateSchema>;
export type ReceiptCreate = z.output<typeof receiptCreateSchema>;
export const receiptUpdateSchema = z.strictObject(receiptFields).partial();

export const receiptSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  stakStakeholderId: z.uuid(),
  shareClassId: z.uuid(),
  holderStakeholderId: z.uuid(),
  receiptCount: z.number().int(),
  date: z.string(),
  notes: z.string().nullable(),
  ...timestamps,
});
export type Receipt = z.infer<typeof receiptSchema>;

// ---------------------------------------------------------------------------------------- plans

const leaverRule = z.strictObject({
  unvested: z.enum(['forfeit', 'continue'], { error: 'unvested must be forfeit or continue' }),
  vested: z.enum(['keep', 'forfeit'], { error: 'vested must be keep or forfeit' }),
});
export const leaverPolicySchema = z.strictObject(
  { good: leaverRule, bad: leaverRule },
  { error: 'Leaver policy needs good and bad leaver rules' },
);
export type LeaverPolicy = z.infer<typeof leaverPolicySchema>;

export const accelerationSchema = z
  .strictObject(
    {
      trigger: z.enum(['none', 'single', 'double'], {
        error: 'trigger must be none, single or double',
      }),
      percent: z
        .number({ error: 'percent must be a number from 0 to 100' })
        .min(0, 'percent must be a number from 0 to 100')
        .max(100, 'percent must be a number from 0 to 100')
        .nullish()
        .transform((v) => v ?? null),
      windowMonths: z
        .number({ error: 'windowMonths must be a whole number of months' })
        .int('windowMonths must be a whole number of months')
        .min(1, 'windowMonths must be at least 1')
        .max(120, 'windowMonths is at most 120')
        .nullish()
        .transform((v) => v ?? null),
    },
    { error: 'Acceleration must be an object' },
  )
  .superRefine((v, ctx) => {
    if (v.trigger !== 'none' && v.percent === null)
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'Give the percentage of unvested that accelerates',
        params: messageParams('validation.acceleration.percentRequired'),
      });
    if (v.trigger === 'double' && v.windowMonths === null)
      ctx.addIssue({
        code: 'custom',
        path: ['windowMonths'],
        message: 'A double trigger needs its window in months',
        params: messageParams('validation.acceleration.windowRequired'),
      });
    if (v.trigger !== 'double' && v.windowMonths !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['windowMonths'],
        message: 'Only a double trigger has a window',
        params: messageParams('validation.acceleration.noWindow'),
      });
    if (v.trigger === 'none' && v.percent !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'No acceleration has no percentage',
        params: messageParams('validation.acceleration.noPercent'),
      });
  });
export type Acceleration = z.infer<typeof accelerationSchema>;

export const DEFAULT_LEAVER_POLICY: LeaverPolicy = {
  good: { unvested: 'forfeit', vested: 'keep' },
  bad: { unvested: 'forfeit', vested: 'forfeit' },
};

const planFields = {
  name: requiredText('Name', { max: 120 }),
  planType: z.enum(PLAN_TYPES, { error: `Plan type must be one of ${PLAN_TYPES.join(', ')}` }),
  shareClassId: idRef('Share class'),
  stakStakeholderId: idRef('STAK'),
  poolSize: shareCountSchema('Pool size', 0),
  currency: currencySchema,
  boardApprovalDate: optionalDate('Board approval date'),
  shareholderApprovalDate: optionalDate('Shareholder approval date'),
  defaultVestingTemplateId: idRef('Default vesting template'),
  exerciseWindowMonths: z
    .number({ error: 'Exercise window must be a whole number of months' })
    .int('Exercise window must be a whole number of months')
    .min(0, 'Exercise window must be 0 or more months')
    .max(240, 'Exercise window is at most 240 months')
    .nullish()
    .transform((v) => v ?? null),
  leaverPolicy: leaverPolicySchema,
  acceleration: accelerationSchema,
  forfeitedTo: z.enum(['pool', 'retired'], { error: 'forfeitedTo must be pool or retired' }),
  notes: optionalNotes(4000, 'Notes'),
};
type PlanOut = { [K in keyof typeof planFields]: z.output<(typeof planFields)[K]> };

/** Cross-field plan rules: share-settled plans need a class; receipt plans need their STAK. */
export function checkPlan(v: PlanOut, ctx: z.RefinementCtx) {
  if (!isCashSettled(v.planType) && !v.shareClassId)
    ctx.addIssue({
      code: 'custom',
      path: ['shareClassId'],
      message: 'A plan that creates shares needs its share class',
      params: messageParams('validation.plan.shareClassRequired'),
    });
  if (v.planType === 'receipt_options' && !v.stakStakeholderId)
    ctx.addIssue({
      code: 'custom',
      path: ['stakStakeholderId'],
      message: 'Options on depositary receipts need the STAK that issues the receipts',
      params: messageParams('validation.plan.stakRequired'),
    });
  if (v.planType !== 'receipt_options' && v.stakStakeholderId)
    ctx.addIssue({
      code: 'custom',
      path: ['stakStakeholderId'],
      message: 'Only a plan of options on depositary receipts has a STAK',
      params: messageParams('validation.plan.noStak'),
    });
}

/** Body of `POST …/plans`. */
export const planCreateSchema = z
  .strictObject({
    ...planFields,
    currency: currencySchema.default('EUR'),
    leaverPolicy: leaverPolicySchema.default(DEFAULT_LEAVER_POLICY),
    acceleration: accelerationSchema.default({
      trigger: 'none',
      percent: null,
      windowMonths: null,
    }),
    forfeitedTo: planFields.forfeitedTo.default('pool'),
  })
  .superRefine(checkPlan);
export type PlanCreateInput = z.input<typeof planCreateSchema>;
export type PlanCreate = z.output<typeof planCreateSchema>;
export const planUpdateSchema = z.strictObject(planFields).partial();

export const planSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  planType: z.enum(PLAN_TYPES),
  shareClassId: z.uuid().nullable(),
  stakStakeholderId: z.uuid().nullable(),
  poolSize: z.number().int(),
  currency: z.string(),
  boardApprovalDate: z.string().nullable(),
  shareholderApprovalDate: z.string().nullable(),
  defaultVestingTemplateId: z.uuid().nullable(),
  exerciseWindowMonths: z.number().int().nullable(),
  leaverPolicy: leaverPolicySchema,
  acceleration: z.object({
    trigger: z.enum(['none', 'single', 'double']),
    percent: z.number().nullable(),
    windowMonths: z.number().int().nullable(),
  }),
  forfeitedTo: z.enum(['pool', 'retired']),
  notes: z.string().nullable(),
  cashSettled: z.boolean(),
  /** Reserved today: pool size plus adjustments so far. */
  poolReserved: z.number().int(),
  /** Granted under the plan (outstanding awards; grants arrive with the vesting issue). */
  poolGranted: z.number().int(),
  poolAvailable: z.number().int(),
  ...timestamps,
});
export type Plan = z.infer<typeof planSchema>;

// ----------------------------------------------------------------------------- pool adjustments

const poolAdjustmentFields = {
  date: isoDate('Date'),
  shareCount: z
    .number({ error: 'Share count must be a whole number' })
    .int('Share count must be a whole number')
    .min(-MAX_SHARE_COUNT, 'Share count is out of range')
    .max(MAX_SHARE_COUNT, 'Share count is out of range')
    .refine((n) => n !== 0, {
      message: 'Share count must not be 0 (positive adds to the pool, negative releases)',
      params: messageParams('validation.poolAdjustment.notZero'),
    }),
  reason: optionalNotes(500, 'Reason'),
  approvalDate: optionalDate('Approval date'),
};
export const poolAdjustmentCreateSchema = z.strictObject(poolAdjustmentFields);
export type PoolAdjustmentCreateInput = z.input<typeof poolAdjustmentCreateSchema>;
export type PoolAdjustmentCreate = z.output<typeof poolAdjustmentCreateSchema>;
export const poolAdjustmentUpdateSchema = z.strictObject(poolAdjustmentFields).partial();

export const poolAdjustmentSchema = z.object({
  id: z.uuid(),
  planId: z.uuid(),
  date: z.string(),
  shareCount: z.number().int(),
  reason: z.string().nullable(),
  approvalDate: z.string().nullable(),
  ...timestamps,
});
export type PoolAdjustment = z.infer<typeof poolAdjustmentSchema>;

// ------------------------------------------------------------------------------------ cap table

export const capTableQuerySchema = z.object({
  asOf: isoDate('asOf').optional(),
});

const percentString = z.string().regex(/^\d{1,3}\.\d{4}$/);

export const capTableSchema = z.object({
  asOf: z.string(),
  shareClasses: z.array(
    z.object({ id: z.uuid(), name: z.string(), classType: z.enum(SHARE_CLASS_TYPES) }),
  ),
  rows: z.array(
    z.object({
      stakeholderId: z.uuid(),
      name: z.string(),
      group: z.enum(['founders', 'employees', 'investors', 'other', 'pool']),
      shares: z.record(z.string(), z.number().int()),
      awardsVested: z.number().int(),
      awardsUnvested: z.number().int(),
      /** A STAK's shares (without receipts out) that back receipt options and their pool. */
      heldForPlans: z.number().int(),
      fullyDiluted: z.number().int(),
      fullyDilutedPercent: percentString,
    }),
  ),
  pools: z.array(
    z.object({
      planId: z.uuid(),
      name: z.string(),
      reserved: z.number().int(),
      granted: z.number().int(),
      available: z.number().int(),
      cashSettled: z.boolean(),
      fullyDilutedPercent: percentString,
    }),
  ),
  groups: z.array(
    z.object({
      group: z.enum(['founders', 'employees', 'investors', 'other', 'pool']),
      fullyDiluted: z.number().int(),
      fullyDilutedPercent: percentString,
    }),
  ),
  totals: z.object({
    shares: z.number().int(),
    sharesByClass: z.record(z.string(), z.number().int()),
    fullyDiluted: z.number().int(),
  }),
});
export type CapTableResponse = z.infer<typeof capTableSchema>;

/** Key figures of the company overview. */
export const companySummarySchema = z.object({
  stakeholders: z.number().int(),
  shareholders: z.number().int(),
  shareClasses: z.number().int(),
  plans: z.number().int(),
  sharesOutstanding: z.number().int(),
  poolReserved: z.number().int(),
  poolGranted: z.number().int(),
  /** Granted ÷ reserved over all plans, as a percentage string; null without a pool. */
  poolUsedPercent: z.string().nullable(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}
