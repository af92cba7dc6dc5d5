import type { TimeTerms } from '../../../domain/vesting';
import { translator } from '../../i18n';

/**
 * The vesting templates every new workspace starts with (issue 12; decision 022): the schedules
 * Dutch, Belgian and US practice use most, all monthly unless said otherwise, with cumulative
 * rounding and installments on the vesting start day (the engine's defaults). Their names and
 * descriptions are written once, in the language of the workspace's creator (catalog
 * `standard-templates`); after that they are the workspace's own data, edited or deleted like any
 * template.
 */

/** Marks a catalog key (the catalog test checks every language has it). */
const msg = <K extends string>(key: K): K => key;

const monthly = (months: number, cliffMonths: number): TimeTerms => ({
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: months,
  cliffPeriods: cliffMonths,
});

const STANDARD_TEMPLATES = [
  {
    name: msg('standard-templates.fourYearsCliff.name'),
    description: msg('standard-templates.fourYearsCliff.description'),
    terms: monthly(48, 12),
  },
  {
    name: msg('standard-templates.fourYears.name'),
    description: msg('standard-templates.fourYears.description'),
    terms: monthly(48, 0),
  },
  {
    name: msg('standard-templates.threeYearsCliff.name'),
    description: msg('standard-templates.threeYearsCliff.description'),
    terms: monthly(36, 12),
  },
  {
    name: msg('standard-templates.threeYears.name'),
    description: msg('standard-templates.threeYears.description'),
    terms: monthly(36, 0),
  },
  {
    name: msg('standard-templates.twoYearsSixMonthCliff.name'),
    description: msg('standard-templates.twoYearsSixMonthCliff.description'),
    terms: monthly(24, 6),
  },
  {
    name: msg('standard-templates.fourYearsQuarterly.name'),
    description: msg('standard-templates.fourYearsQuarterly.description'),
    terms: {
      type: 'time',
      periodLength: 3,
      periodUnit: 'months',
      occurrences: 16,
      cliffPeriods: 4,
    } satisfies TimeTerms,
  },
  {
    name: msg('standard-templates.fourYearsYearly.name'),
    description: msg('standard-templates.fourYearsYearly.description'),
    terms: {
      type: 'time',
      periodLength: 12,
      periodUnit: 'months',
      occurrences: 4,
      cliffPeriods: 0,
    } satisfies TimeTerms,
  },
] as const;

export interface StandardTemplate {
  name: string;
  description: string;
  terms: TimeTerms;
}

/** The standard templates in `language` (the default language when it has no catalog). */
export function standardTemplates(language?: string | null): StandardTemplate[] {
  const t = translator(language);
  return STANDARD_TEMPLATES.map((x) => ({
    name: t(x.name),
    description: t(x.description),
    terms: x.terms,
  }));
}
