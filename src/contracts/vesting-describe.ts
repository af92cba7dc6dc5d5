import { formatPercent } from './i18n/format';
import type { VestingTermsInput } from './vesting';

/**
 * A one-line summary of vesting terms in a language ("4 years monthly, 1-year cliff"), shared by
 * the SPA and the documents the server generates (issue 14), with the caller's `t`.
 */
type T = (id: string, values?: Record<string, unknown>) => string;

function describePeriod(t: T, length: number, unit: 'months' | 'days'): string {
  if (unit === 'months') {
    if (length === 1) return t('vesting.describe.monthly');
    if (length === 3) return t('vesting.describe.quarterly');
    if (length === 12) return t('vesting.describe.yearly');
    return t('vesting.describe.every', { span: t('vesting.describe.months', { count: length }) });
  }
  return length === 1
    ? t('vesting.describe.daily')
    : t('vesting.describe.every', { span: t('vesting.describe.days', { count: length }) });
}

function spanText(t: T, periods: number, unit: 'months' | 'days'): string {
  if (unit === 'months' && periods % 12 === 0)
    return t('vesting.describe.years', { count: periods / 12 });
  return unit === 'months'
    ? t('vesting.describe.months', { count: periods })
    : t('vesting.describe.days', { count: periods });
}

/** "4 years monthly, 1-year cliff": the cliff's span in whole years where it is one. */
function withCliff(t: T, base: string, cliffPeriods: number, unit: 'months' | 'days'): string {
  if (unit === 'months' && cliffPeriods % 12 === 0)
    return t('vesting.describe.cliffYears', { base, count: cliffPeriods / 12 });
  return unit === 'months'
    ? t('vesting.describe.cliffMonths', { base, count: cliffPeriods })
    : t('vesting.describe.cliffDays', { base, count: cliffPeriods });
}

/** "4 years monthly, 1-year cliff"; "3 milestones"; "75% time, 25% milestones". */
export function describeVestingTerms(
  terms: VestingTermsInput,
  t: (id: string, values?: Record<string, unknown>) => string,
  language: string,
): string {
  if (terms.type === 'time') {
    const total = terms.periodLength * terms.occurrences;
    const period = describePeriod(t, terms.periodLength, terms.periodUnit);
    const allAtOnce = t('vesting.describe.allAtOnce', {
      span: spanText(t, total, terms.periodUnit),
    });
    const base =
      terms.occurrences === 1
        ? allAtOnce
        : t('vesting.describe.spanPeriod', { span: spanText(t, total, terms.periodUnit), period });
    const cliff = terms.cliffPeriods ?? 0;
    if (!cliff || terms.occurrences === 1) return base;
    if (cliff === terms.occurrences) return allAtOnce;
    return withCliff(t, base, cliff * terms.periodLength, terms.periodUnit);
  }
  if (terms.type === 'milestone')
    return t('vesting.describe.milestones', { count: terms.milestones.length });
  return terms.parts
    .map((p) => {
      const percent = (p.portion.numerator / p.portion.denominator) * 100;
      const share = formatPercent(language, percent, { maxFraction: 1 });
      const described = describeVestingTerms(p.terms, t, language);
      // "75% all at once after 1 year": a time part reads on after the share.
      const text =
        p.terms.type === 'time'
          ? described.charAt(0).toLocaleLowerCase(language) + described.slice(1)
          : described;
      return t('vesting.describe.part', { share, terms: text });
    })
    .join(' + ');
}
