import type { ValuationMethod, ValuationPurpose, ValuationStatus } from '../../../domain/valuation';

/** Display helpers of the Valuations tab. Amounts stay the API's decimal strings. */

export const PURPOSE_LABELS: Record<ValuationPurpose, string> = {
  tax_fmv: 'Tax FMV',
  funding_round: 'Funding round',
  '409a': '409A',
  internal: 'Internal',
  audit: 'Audit',
  other: 'Other',
};

export const METHOD_LABELS: Record<ValuationMethod, string> = {
  opm: 'Option pricing model (OPM)',
  pwerm: 'PWERM',
  hybrid: 'Hybrid (OPM + PWERM)',
  dcf: 'Discounted cash flow',
  market_multiples: 'Market multiples',
  net_asset_value: 'Net asset value',
  recent_round: 'Recent round (backsolve)',
  other: 'Other',
};

export const STATUS_LABELS: Record<ValuationStatus, string> = {
  upcoming: 'Upcoming',
  superseded: 'Superseded',
  stale: 'Stale',
  expired: 'Expired',
  expiring: 'Expiring',
  current: 'Current',
};

/** What each status means, for the badge's tooltip text and screen readers. */
export const STATUS_HINTS: Record<ValuationStatus, string> = {
  upcoming: 'effective after today',
  superseded: 'a later valuation is in force',
  stale: 'a material event happened after it',
  expired: 'more than 12 months old',
  expiring: 'expires within 60 days',
  current: 'in force',
};

export function statusVariant(
  status: ValuationStatus,
): 'default' | 'secondary' | 'outline' | 'destructive' {
  switch (status) {
    case 'current':
      return 'default';
    case 'expiring':
      return 'outline';
    case 'stale':
    case 'expired':
      return 'destructive';
    default:
      return 'secondary';
  }
}

/** "1234567.5" → "1,234,567.5" (string grouping: no float rounding). */
function group(whole: string): string {
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/**
 * An amount with its currency: "EUR 12,000,000.00". Trailing zeros beyond `minDigits` fraction
 * digits are dropped, so a per-share "0.500000" shows as "0.50" and "0.123456" stays whole.
 */
export function formatAmount(value: string, currency: string, minDigits = 2): string {
  const [whole = '0', fraction = ''] = value.split('.');
  let digits = fraction.replace(/0+$/, '');
  if (digits.length < minDigits) digits = digits.padEnd(minDigits, '0');
  return `${currency} ${group(whole)}${digits ? `.${digits}` : ''}`;
}

/** "+12.50%" / "−3.00%" for a change; "—" when there is none. */
export function formatChangePercent(percent: string | null | undefined): string {
  if (percent === null || percent === undefined) return '—';
  if (percent.startsWith('-')) return `−${percent.slice(1)}%`;
  return Number(percent) === 0 ? `${percent}%` : `+${percent}%`;
}

/** The report upload limit, as the API has it: 20 MB. */
export const MAX_REPORT_MB = 20;

/** Why a chosen file cannot be the report (type, size), or null when it can. */
export function reportFileProblem(
  file: { name: string; type: string; size: number },
  maxBytes: number,
): string | null {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!isPdf) return 'The report must be a PDF file';
  if (file.size > maxBytes) return `The report is larger than ${MAX_REPORT_MB} MB`;
  if (file.size === 0) return 'The file is empty';
  return null;
}
