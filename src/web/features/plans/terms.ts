import type { Acceleration, LeaverPolicy, Plan } from '../../../contracts/equity';
import type { PlanType } from '../../../domain/equity';
import { formatDecimal } from '../../lib/format';
import { msg, t } from '../../lib/i18n';

/**
 * The words of the Plans tab: what each plan type, leaver rule and acceleration means, in the
 * lawyer's terms (domain.md "Equity plan", "Leavers", "Vesting").
 */

/** One line under the plan type select. */
/** Catalog keys of the plan types' names (`t(PLAN_TYPE_NAMES[type])`). */
export const PLAN_TYPE_NAMES: Record<PlanType, string> = {
  stock_options: msg('plans.type.stock_options'),
  receipt_options: msg('plans.type.receipt_options'),
  phantom_shares: msg('plans.type.phantom_shares'),
  sar: msg('plans.type.sar'),
  virtual_shares: msg('plans.type.virtual_shares'),
  restricted_shares: msg('plans.type.restricted_shares'),
  rsu: msg('plans.type.rsu'),
};

export const PLAN_TYPE_HELP: Record<PlanType, string> = {
  stock_options: msg('plans.typeHelp.stock_options'),
  receipt_options: msg('plans.typeHelp.receipt_options'),
  phantom_shares: msg('plans.typeHelp.phantom_shares'),
  sar: msg('plans.typeHelp.sar'),
  virtual_shares: msg('plans.typeHelp.virtual_shares'),
  restricted_shares: msg('plans.typeHelp.restricted_shares'),
  rsu: msg('plans.typeHelp.rsu'),
};

export const UNVESTED_LABELS: Record<LeaverPolicy['good']['unvested'], string> = {
  forfeit: msg('plans.unvested.forfeit'),
  continue: msg('plans.unvested.continue'),
};

export const UNVESTED_HELP: Record<LeaverPolicy['good']['unvested'], string> = {
  forfeit: msg('plans.unvestedHelp.forfeit'),
  continue: msg('plans.unvestedHelp.continue'),
};

export const VESTED_LABELS: Record<LeaverPolicy['good']['vested'], string> = {
  keep: msg('plans.vested.keep'),
  forfeit: msg('plans.vested.forfeit'),
};

export const VESTED_HELP: Record<LeaverPolicy['good']['vested'], string> = {
  keep: msg('plans.vestedHelp.keep'),
  forfeit: msg('plans.vestedHelp.forfeit'),
};

export const LEAVER_HELP = {
  good: msg('plans.leaverHelp.good'),
  bad: msg('plans.leaverHelp.bad'),
} as const;

export const TRIGGER_LABELS: Record<Acceleration['trigger'], string> = {
  none: msg('plans.trigger.none'),
  single: msg('plans.trigger.single'),
  double: msg('plans.trigger.double'),
};

export const TRIGGER_HELP: Record<Acceleration['trigger'], string> = {
  none: msg('plans.triggerHelp.none'),
  single: msg('plans.triggerHelp.single'),
  double: msg('plans.triggerHelp.double'),
};

export const FORFEITED_LABELS: Record<Plan['forfeitedTo'], string> = {
  pool: msg('plans.forfeited.pool'),
  retired: msg('plans.forfeited.retired'),
};

export const FORFEITED_HELP: Record<Plan['forfeitedTo'], string> = {
  pool: msg('plans.forfeitedHelp.pool'),
  retired: msg('plans.forfeitedHelp.retired'),
};

/** "Unvested forfeited, vested kept" */
export function describeLeaverRule(rule: LeaverPolicy['good']): string {
  return t('plans.leaverRule', { unvested: rule.unvested, vested: rule.vested });
}

/** "Double trigger: 100% of unvested within 12 months" */
export function describeAcceleration(a: Plan['acceleration']): string {
  const trigger = t(TRIGGER_LABELS[a.trigger]);
  if (a.trigger === 'none') return trigger;
  const text =
    a.percent === null
      ? trigger
      : t('plans.acceleration.percent', { trigger, percent: formatDecimal(a.percent) });
  return a.trigger === 'double' && a.windowMonths !== null
    ? t('plans.acceleration.window', { text, months: months(a.windowMonths) })
    : text;
}

/** "1 month", "3 months" */
export function months(n: number): string {
  return t('plans.months', { count: n });
}
