import type { Plan } from '../../../contracts/equity';
import type { GrantStatus } from '../../../contracts/vesting';
import type { PlanType } from '../../../domain/equity';
import type { VestingPolicy } from '../../../domain/vesting/types';

/** Words of the grant screens (issue 5). */

export const GRANT_STATUS_LABELS: Record<GrantStatus, string> = {
  draft: 'Draft',
  offered: 'Offered',
  accepted: 'Accepted',
  active: 'Active',
  fully_vested: 'Fully vested',
  partly_exercised: 'Partly exercised',
  exercised: 'Exercised',
  forfeited: 'Forfeited',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Badge look of a status: live grants stand out, finished ones recede. */
export function statusVariant(
  status: GrantStatus,
): 'default' | 'secondary' | 'outline' | 'destructive' {
  switch (status) {
    case 'active':
    case 'fully_vested':
    case 'partly_exercised':
      return 'default';
    case 'forfeited':
    case 'cancelled':
    case 'expired':
      return 'destructive';
    case 'exercised':
      return 'secondary';
    default:
      return 'outline';
  }
}

/** Restricted shares and RSUs have no exercise or base price. */
export function hasPrice(planType: PlanType): boolean {
  return planType !== 'restricted_shares' && planType !== 'rsu';
}

/** "Exercise price" for options, "Base price" for cash-settled awards that follow a value. */
export function priceLabel(planType: PlanType): string {
  return planType === 'sar' || planType === 'phantom_shares' || planType === 'virtual_shares'
    ? 'Base price'
    : 'Exercise price';
}

/** "EUR 0.10" for "0.1": the API's decimal string padded to cents, never through a float. */
export function formatPrice(price: string | null, currency: string): string {
  if (price === null) return '—';
  const [whole, fraction = ''] = price.split('.');
  return `${currency} ${whole}.${fraction.padEnd(2, '0')}`;
}

/** The plan's leaver, acceleration and exercise-window rules as the engine takes them. */
export function policyOf(
  plan: Pick<Plan, 'leaverPolicy' | 'acceleration' | 'exerciseWindowMonths'>,
): VestingPolicy {
  return {
    leaver: plan.leaverPolicy,
    acceleration: plan.acceleration,
    exerciseWindowMonths: plan.exerciseWindowMonths,
  };
}
