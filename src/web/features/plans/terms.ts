import type { Acceleration, LeaverPolicy, Plan } from '../../../contracts/equity';
import type { PlanType } from '../../../domain/equity';

/**
 * The words of the Plans tab: what each plan type, leaver rule and acceleration means, in the
 * lawyer's terms (domain.md "Equity plan", "Leavers", "Vesting").
 */

/** One line under the plan type select. */
export const PLAN_TYPE_HELP: Record<PlanType, string> = {
  stock_options: 'Options to acquire shares of the company at an exercise price.',
  receipt_options:
    'Options on depositary receipts (certificaten): a STAK holds the shares and votes and issues receipts to employees.',
  phantom_shares:
    'Settled in cash: a payout that follows the share value. No shares are issued, no notary needed.',
  sar: 'Settled in cash: a payout of the rise in share value above the base price. No shares are issued.',
  virtual_shares:
    'Settled in cash (German VSOP): a payout on an exit, as if the holder owned shares. No shares are issued.',
  restricted_shares:
    'Shares issued up front that the company may buy back until they vest (reverse vesting).',
  rsu: 'Restricted stock units: a promise to deliver shares once they vest.',
};

export const UNVESTED_LABELS: Record<LeaverPolicy['good']['unvested'], string> = {
  forfeit: 'Forfeited',
  continue: 'Keep vesting',
};

export const UNVESTED_HELP: Record<LeaverPolicy['good']['unvested'], string> = {
  forfeit: 'Vesting stops on the termination date; the unvested part lapses.',
  continue: 'Vesting continues after leaving, as if still employed.',
};

export const VESTED_LABELS: Record<LeaverPolicy['good']['vested'], string> = {
  keep: 'Kept',
  forfeit: 'Forfeited',
};

export const VESTED_HELP: Record<LeaverPolicy['good']['vested'], string> = {
  keep: 'The leaver keeps them and may exercise them within the exercise window.',
  forfeit: 'Vested awards lapse too.',
};

export const LEAVER_HELP = {
  good: 'Leaves on terms the plan accepts, such as retirement, illness or dismissal without cause.',
  bad: 'Leaves on terms the plan penalises, such as dismissal for cause or a breach of covenants.',
} as const;

export const TRIGGER_LABELS: Record<Acceleration['trigger'], string> = {
  none: 'No acceleration',
  single: 'Single trigger',
  double: 'Double trigger',
};

export const TRIGGER_HELP: Record<Acceleration['trigger'], string> = {
  none: 'A change of control changes nothing; vesting runs its course.',
  single: 'A change of control alone accelerates vesting.',
  double:
    'A change of control, followed by termination without cause within a window, accelerates vesting.',
};

export const FORFEITED_LABELS: Record<Plan['forfeitedTo'], string> = {
  pool: 'Return to the pool',
  retired: 'Retire',
};

export const FORFEITED_HELP: Record<Plan['forfeitedTo'], string> = {
  pool: 'Forfeited awards become available for new grants under this plan.',
  retired: 'Forfeited awards are cancelled for good; the pool does not get them back.',
};

/** "Unvested forfeited, vested kept" */
export function describeLeaverRule(rule: LeaverPolicy['good']): string {
  const unvested = rule.unvested === 'forfeit' ? 'unvested forfeited' : 'unvested keeps vesting';
  const vested = rule.vested === 'keep' ? 'vested kept' : 'vested forfeited';
  const text = `${unvested}, ${vested}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Double trigger: 100% of unvested within 12 months" */
export function describeAcceleration(a: Plan['acceleration']): string {
  if (a.trigger === 'none') return TRIGGER_LABELS.none;
  const percent = a.percent === null ? '' : `: ${a.percent}% of unvested`;
  const window =
    a.trigger === 'double' && a.windowMonths !== null
      ? ` if terminated within ${months(a.windowMonths)}`
      : '';
  return `${TRIGGER_LABELS[a.trigger]}${percent}${window}`;
}

/** "1 month", "3 months" */
export function months(n: number): string {
  return `${n} ${n === 1 ? 'month' : 'months'}`;
}
