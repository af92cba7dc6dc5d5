import type { Plan } from '../../../contracts/equity';
import type { GrantStatus } from '../../../contracts/vesting';
import type { PlanType } from '../../../domain/equity';
import type { VestingPolicy } from '../../../domain/vesting/types';
import { formatMoney } from '../../lib/format';
import { msg, t } from '../../lib/i18n';

/** Words of the grant screens (issue 5), as catalog keys: `t(GRANT_STATUS_LABELS[status])`. */

export const GRANT_STATUS_LABELS: Record<GrantStatus, string> = {
  draft: msg('grants.status.draft'),
  offered: msg('grants.status.offered'),
  accepted: msg('grants.status.accepted'),
  active: msg('grants.status.active'),
  fully_vested: msg('grants.status.fullyVested'),
  partly_exercised: msg('grants.status.partlyExercised'),
  exercised: msg('grants.status.exercised'),
  forfeited: msg('grants.status.forfeited'),
  cancelled: msg('grants.status.cancelled'),
  expired: msg('grants.status.expired'),
};

/** A grant's status in the active language. */
export function statusLabel(status: GrantStatus): string {
  return t(GRANT_STATUS_LABELS[status]);
}

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
    ? t('grants.form.basePrice')
    : t('grants.form.exercisePrice');
}

/**
 * "€0.10" (en) / "€ 0,10" (nl) for "0.1": the API's decimal string, at least to cents and up to
 * six decimals, never through a float.
 */
export function formatPrice(price: string | null, currency: string): string {
  if (price === null) return '—';
  return formatMoney(price, currency);
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
