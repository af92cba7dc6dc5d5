/**
 * The vocabulary of a client company's equity structure (issue 4; domain.md "Entities",
 * mapped onto the Open Cap Table Format objects named there).
 */

/** OCF STAKEHOLDER.stakeholder_type, lower-cased. */
export const STAKEHOLDER_KINDS = ['individual', 'institution'] as const;
export type StakeholderKind = (typeof STAKEHOLDER_KINDS)[number];

/** OCF STAKEHOLDER.current_relationship, plus the Dutch STAK. */
export const STAKEHOLDER_RELATIONSHIPS = [
  'founder',
  'employee',
  'advisor',
  'board_member',
  'consultant',
  'investor',
  'stak',
  'other',
] as const;
export type StakeholderRelationship = (typeof STAKEHOLDER_RELATIONSHIPS)[number];

export const STAKEHOLDER_STATUSES = ['active', 'leave_of_absence', 'terminated'] as const;
export type StakeholderStatus = (typeof STAKEHOLDER_STATUSES)[number];

/** OCF STOCK_CLASS.class_type. */
export const SHARE_CLASS_TYPES = ['common', 'preferred'] as const;
export type ShareClassType = (typeof SHARE_CLASS_TYPES)[number];

/** The events of the shareholders' register (a ledger: holdings are derived, never edited). */
export const SHARE_EVENT_TYPES = ['issue', 'transfer', 'cancel'] as const;
export type ShareEventType = (typeof SHARE_EVENT_TYPES)[number];

export const PLAN_TYPES = [
  'stock_options',
  'receipt_options',
  'phantom_shares',
  'sar',
  'virtual_shares',
  'restricted_shares',
  'rsu',
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Phantom shares, SARs and virtual shares settle in cash and never create shares (domain.md). */
export const CASH_SETTLED_PLAN_TYPES: readonly PlanType[] = [
  'phantom_shares',
  'sar',
  'virtual_shares',
];

export function isCashSettled(planType: PlanType): boolean {
  return CASH_SETTLED_PLAN_TYPES.includes(planType);
}

export const COMPANY_STATUSES = ['prospect', 'active', 'archived'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** Groups of the fully diluted ownership chart. */
export const HOLDER_GROUPS = ['founders', 'employees', 'investors', 'other', 'pool'] as const;
export type HolderGroup = (typeof HOLDER_GROUPS)[number];

/** Which chart group a stakeholder's relationship belongs to. */
export function holderGroup(relationship: StakeholderRelationship): HolderGroup {
  switch (relationship) {
    case 'founder':
      return 'founders';
    case 'employee':
      return 'employees';
    case 'investor':
      return 'investors';
    default:
      return 'other';
  }
}

export const RELATIONSHIP_LABELS: Record<StakeholderRelationship, string> = {
  founder: 'Founder',
  employee: 'Employee',
  advisor: 'Advisor',
  board_member: 'Board member',
  consultant: 'Consultant',
  investor: 'Investor',
  stak: 'STAK',
  other: 'Other',
};

export const STATUS_LABELS: Record<StakeholderStatus, string> = {
  active: 'Active',
  leave_of_absence: 'Leave of absence',
  terminated: 'Terminated',
};

export const PLAN_TYPE_LABELS: Record<PlanType, string> = {
  stock_options: 'Stock options',
  receipt_options: 'Options on depositary receipts',
  phantom_shares: 'Phantom shares',
  sar: 'Stock appreciation rights',
  virtual_shares: 'Virtual shares',
  restricted_shares: 'Restricted shares (reverse vesting)',
  rsu: 'Restricted stock units',
};

export const HOLDER_GROUP_LABELS: Record<HolderGroup, string> = {
  founders: 'Founders',
  employees: 'Employees',
  investors: 'Investors',
  other: 'Other holders',
  pool: 'Unallocated pool',
};

/** The largest share count one event may carry; totals stay exact JavaScript integers. */
export const MAX_SHARE_COUNT = 1_000_000_000_000;
